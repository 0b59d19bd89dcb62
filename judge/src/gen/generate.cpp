#include "gen/generate.hpp"

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

#include "spec/element.hpp"
#include "util/detmath.hpp"
#include "util/philox.hpp"

namespace judge::gen {

using Kind = spec::InputSource::Kind;

std::uint64_t stream_of(std::string_view name) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

double generate_value(const spec::InputSource& src, std::uint64_t seed, std::uint64_t stream, std::size_t i) {
  switch (src.kind) {
    case Kind::literal:
      return src.values[i];
    case Kind::fill:
      return src.a;
    case Kind::arange:
      return src.a + static_cast<double>(i) * src.b;
    default:
      break;
  }
  const std::uint64_t idx = i;
  const auto w = util::philox4x32_10({static_cast<std::uint32_t>(idx), static_cast<std::uint32_t>(idx >> 32),
                                      static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)},
                                     {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)});
  switch (src.kind) {
    case Kind::uniform: {
      const double v = src.a + (src.b - src.a) * util::u01_53(w[0], w[1]);
      return v < src.b ? v : src.a;  // rounding could reach hi, which the range excludes
    }
    case Kind::normal: {
      // Box-Muller with our own log and cos, so the result does not depend on the C library.
      const double r = std::sqrt(-2.0 * util::det_log(util::u01_53_open0(w[0], w[1])));
      return src.a + src.b * r * util::det_cos_2pi(util::u01_53(w[2], w[3]));
    }
    case Kind::randint: {
      const auto span = static_cast<std::uint64_t>(src.b - src.a);
      const std::uint64_t bits = (static_cast<std::uint64_t>(w[0]) << 32) | w[1];
      return src.a + static_cast<double>(bits % span);
    }
    default:
      return 0;
  }
}

namespace {

void generate_range(const spec::InputSource& src, spec::DType t, std::uint64_t seed, std::uint64_t stream, void* dst,
                    std::size_t begin, std::size_t end) {
  const bool fp32 = t == spec::DType::float32;
  for (std::size_t i = begin; i < end; ++i) {
    const double v = generate_value(src, seed, stream, i);
    if (fp32) {
      static_cast<float*>(dst)[i] = static_cast<float>(v);  // the common case, without the type switch
    } else {
      spec::store_element(t, dst, i, v);
    }
  }
}

}  // namespace

void generate(const spec::InputSource& src, spec::DType t, std::uint64_t seed, std::string_view buffer_name, void* dst,
              std::size_t count) {
  const std::uint64_t stream = stream_of(buffer_name);
  constexpr std::size_t kPerThread = 1 << 20;
  const std::size_t hw = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t threads = std::min(hw, (count + kPerThread - 1) / kPerThread);
  if (threads <= 1) {
    generate_range(src, t, seed, stream, dst, 0, count);
    return;
  }
  std::vector<std::thread> pool;
  const std::size_t chunk = (count + threads - 1) / threads;
  for (std::size_t k = 0; k < threads; ++k) {
    const std::size_t b = k * chunk, e = std::min(count, b + chunk);
    pool.emplace_back(generate_range, std::cref(src), t, seed, stream, dst, b, e);
  }
  for (auto& th : pool) th.join();
}

}  // namespace judge::gen
