// Reading and writing one element of a typed host buffer as a double.
#pragma once

#include <cstddef>
#include <cstdint>

#include "spec/dtype.hpp"

namespace judge::spec {

double load_element(DType t, const void* base, std::size_t i);
// Converts with C++ rules (round to nearest for floating types; integers must already fit).
void store_element(DType t, void* base, std::size_t i, double v);

}  // namespace judge::spec
