// Whether a relation found on one test of a solution also holds on another test's output: a later,
// larger test may show a pattern clearly that the first failed test was too small to show, but
// only if that pattern does not contradict what the first test's wrong elements are (judging/
// clearer_test cites it then). A relu that returns |x| gives a ramp symmetric around 0 whose
// output reads as mirrored; the first test's wrong values are not its mirror image.
#pragma once

#include "explain/mismatch.hpp"

namespace judge::explain {

// Every wrong element of `m` fits the relation `f` names (its code and evidence: the factor, the
// offset, the value, the mapping, close to the expected value for precision). True where `f` says
// nothing element by element (tile positions, a sum off by its end terms, values found elsewhere).
bool relation_holds(const Finding& f, const Mismatches& m);

}  // namespace judge::explain
