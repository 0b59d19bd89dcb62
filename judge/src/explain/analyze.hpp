// The mismatch analysis: given an output that differs from the expected values, the one most
// specific explanation that fits (docs/diagnoses.md lists every code), and a small map of where
// the wrong elements are for the text report.
#pragma once

#include "explain/mismatch.hpp"

namespace judge::explain {

// Tries the patterns from the most specific to the least: never-written patterns (when nothing
// was written wrongly), NaN/Inf, values left unchanged, one value everywhere, the expected values
// misplaced, an input's values, a constant factor/sign/offset, a one-element sum's rounding or
// missing/extra terms (explain/reduction.hpp), precision; else `wrong_values`
// with the index ranges. When both wrong and never-written elements exist, the sentence is about
// the wrong ones and the evidence counts the others. An output of up to 64 elements whose finding
// a later test may explain better (`wrong_values`, or a relation between values) keeps its values
// in the evidence ("output"), so that test's relation can be checked against them.
Finding analyze(const Mismatches& m);

// A picture of where the mismatches are: a grid of at most `max_rows` x `max_cols` cells, each
// covering a block of elements (of rows and columns for a 2-D output): '.' all right, 'x' some
// wrong, '_' some never written (and none wrong). Empty when the output is too small to need it.
std::vector<std::string> where_map(const Mismatches& m, std::size_t max_rows = 8, std::size_t max_cols = 64);

}  // namespace judge::explain
