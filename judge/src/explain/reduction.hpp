// A one-element output that adds up its inputs' terms (a sum, a dot product, a mean of squared
// differences). One number shows no spread, so rounding is told apart from a bug otherwise: the
// terms are found among the inputs (the form whose exact sum is the expected value), then
//  - an error that is exactly a few terms at either end (within what a tree-shaped float sum of
//    them could add) is a tail counted twice or an element dropped: `wrong_values`, saying which;
//  - an error within what one long running sum of the terms in the output's type makes on this very
//    case (simulated) is rounding: `precision`;
//  - anything else is left to the generic sentence (nullopt), as is an output no form explains.
#pragma once

#include <optional>

#include "explain/mismatch.hpp"

namespace judge::explain {

std::optional<Finding> scalar_reduction(const Mismatches& m);

}  // namespace judge::explain
