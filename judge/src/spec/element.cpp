#include "spec/element.hpp"

#include <cstring>

#include "util/half.hpp"

namespace judge::spec {

double load_element(DType t, const void* base, std::size_t i) {
  const auto* p = static_cast<const unsigned char*>(base);
  switch (t) {
    case DType::float32: {
      float v;
      std::memcpy(&v, p + 4 * i, 4);
      return v;
    }
    case DType::float16: {
      std::uint16_t h;
      std::memcpy(&h, p + 2 * i, 2);
      return util::half_bits_to_float(h);
    }
    case DType::int32: {
      std::int32_t v;
      std::memcpy(&v, p + 4 * i, 4);
      return v;
    }
    case DType::uint32: {
      std::uint32_t v;
      std::memcpy(&v, p + 4 * i, 4);
      return v;
    }
    case DType::int64: {
      std::int64_t v;
      std::memcpy(&v, p + 8 * i, 8);
      return static_cast<double>(v);
    }
    case DType::uint8:
      return p[i];
    case DType::int8:
      return static_cast<std::int8_t>(p[i]);
  }
  return 0;
}

void store_element(DType t, void* base, std::size_t i, double v) {
  auto* p = static_cast<unsigned char*>(base);
  switch (t) {
    case DType::float32: {
      float f = static_cast<float>(v);
      std::memcpy(p + 4 * i, &f, 4);
      return;
    }
    case DType::float16: {
      std::uint16_t h = util::float_to_half_bits(static_cast<float>(v));
      std::memcpy(p + 2 * i, &h, 2);
      return;
    }
    case DType::int32: {
      auto x = static_cast<std::int32_t>(v);
      std::memcpy(p + 4 * i, &x, 4);
      return;
    }
    case DType::uint32: {
      auto x = static_cast<std::uint32_t>(v);
      std::memcpy(p + 4 * i, &x, 4);
      return;
    }
    case DType::int64: {
      auto x = static_cast<std::int64_t>(v);
      std::memcpy(p + 8 * i, &x, 8);
      return;
    }
    case DType::uint8:
      p[i] = static_cast<std::uint8_t>(v);
      return;
    case DType::int8:
      p[i] = static_cast<unsigned char>(static_cast<std::int8_t>(v));
      return;
  }
}

}  // namespace judge::spec
