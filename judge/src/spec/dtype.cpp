#include "spec/dtype.hpp"

#include <array>
#include <limits>

namespace judge::spec {
namespace {

struct DTypeInfo {
  DType type;
  std::string_view name;
  std::string_view c_name;
  std::size_t bytes;
  bool floating;
  double min;
  double max;
};

constexpr double kFloatMax = std::numeric_limits<double>::max();

constexpr std::array<DTypeInfo, 7> kTypes = {{
    {DType::float32, "float32", "float", 4, true, -kFloatMax, kFloatMax},
    {DType::float16, "float16", "half", 2, true, -kFloatMax, kFloatMax},
    {DType::int32, "int32", "int", 4, false, -2147483648.0, 2147483647.0},
    {DType::uint32, "uint32", "unsigned int", 4, false, 0.0, 4294967295.0},
    {DType::int64, "int64", "long long", 8, false, -9007199254740992.0, 9007199254740992.0},
    {DType::uint8, "uint8", "unsigned char", 1, false, 0.0, 255.0},
    {DType::int8, "int8", "signed char", 1, false, -128.0, 127.0},
}};

const DTypeInfo& info(DType t) {
  return kTypes[static_cast<std::size_t>(t)];
}

}  // namespace

std::optional<DType> parse_dtype(std::string_view name) {
  for (const DTypeInfo& t : kTypes) {
    if (t.name == name) return t.type;
  }
  return std::nullopt;
}

std::string_view dtype_name(DType t) {
  return info(t).name;
}
std::string_view dtype_c_name(DType t) {
  return info(t).c_name;
}
std::size_t dtype_bytes(DType t) {
  return info(t).bytes;
}
bool is_floating(DType t) {
  return info(t).floating;
}
double dtype_int_min(DType t) {
  return info(t).min;
}
double dtype_int_max(DType t) {
  return info(t).max;
}

}  // namespace judge::spec
