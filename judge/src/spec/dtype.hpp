// Element types of challenge parameters, and their sizes and names.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace judge::spec {

// Explicit values: these appear in the runner protocol.
enum class DType : int {
  float32 = 0,
  float16 = 1,
  int32 = 2,
  uint32 = 3,
  int64 = 4,
  uint8 = 5,
  int8 = 6,
};

std::optional<DType> parse_dtype(std::string_view name);
std::string_view dtype_name(DType t);
std::size_t dtype_bytes(DType t);
bool is_floating(DType t);
// The C++ spelling used in statements and generated code ("float", "unsigned char", ...).
std::string_view dtype_c_name(DType t);
// The smallest and largest value a literal or generator may produce for an integer type.
double dtype_int_min(DType t);
double dtype_int_max(DType t);

}  // namespace judge::spec
