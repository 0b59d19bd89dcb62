// Facts about a challenge read from its CPU reference (challenges/<slug>/reference.cpp, next to its
// challenge.json in the data root), so that an explanation never names an operation the challenge
// does not do: a NaN or Inf is blamed on exp overflowing only where the reference calls exp.
#pragma once

#include <string_view>

#include "spec/challenge.hpp"

namespace judge::judging {

// Whether C++ source text calls a function of the exp family (exp, expf, exp2, expm1, __expf, ...,
// std:: or not); comments and strings do not count.
bool source_calls_exp(std::string_view source);

// source_calls_exp on the challenge's reference.cpp (in c.dir); false when it cannot be read.
bool reference_uses_exp(const spec::Challenge& c);

}  // namespace judge::judging
