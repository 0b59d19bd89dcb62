#include "gen/generate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <thread>
#include <utility>
#include <vector>

#include "spec/element.hpp"
#include "util/detmath.hpp"
#include "util/philox.hpp"

namespace judge::gen {

using Kind = spec::InputSource::Kind;

std::string segments_key_text(const spec::InputSource& src) {
  std::string t;
  if (src.kind != Kind::segments) return t;
  t = " segments";
  for (const spec::InputSegment& seg : src.segments) {
    const spec::InputSource& g = seg.source;
    t += fmt::format(" [{} {} {:a} {:a} {}]", seg.count, static_cast<int>(g.kind), g.a, g.b, g.nnz);
  }
  return t;
}

std::uint64_t stream_of(std::string_view name) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

namespace {

std::array<std::uint32_t, 4> draw(std::uint64_t seed, std::uint64_t stream, std::uint64_t idx) {
  return util::philox4x32_10({static_cast<std::uint32_t>(idx), static_cast<std::uint32_t>(idx >> 32),
                              static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)},
                             {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)});
}

// A pseudo-random bijection of [0, n): a four-round Feistel network over the smallest even number
// of bits that covers n, walking the cycle until the value falls inside [0, n) again. Each element
// can thus decide on its own whether it is one of the first `nnz` in a random order, and the
// count of nonzeros is exact.
std::uint64_t permute(std::uint64_t i, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
  int bits = 2;
  while (bits < 64 && (std::uint64_t{1} << bits) < n) bits += 2;
  const int half = bits / 2;
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  const std::uint64_t key_stream = stream ^ 0x9e3779b97f4a7c15ull;  // not the values' stream
  std::uint64_t x = i;
  do {
    std::uint64_t left = x >> half, right = x & mask;
    for (std::uint64_t round = 0; round < 4; ++round) {
      const auto w = draw(seed, key_stream, (right << 2) | round);
      const std::uint64_t f = ((static_cast<std::uint64_t>(w[0]) << 32) | w[1]) & mask;
      left ^= f;
      std::swap(left, right);
    }
    x = (left << half) | right;
  } while (x >= n);
  return x;
}

double uniform_in(double lo, double hi, const std::array<std::uint32_t, 4>& w) {
  const double v = lo + (hi - lo) * util::u01_53(w[0], w[1]);
  return v < hi ? v : lo;  // rounding could reach hi, which the range excludes
}

double randint_in(double lo, double hi, const std::array<std::uint32_t, 4>& w) {
  const auto span = static_cast<std::uint64_t>(hi - lo);
  const std::uint64_t bits = (static_cast<std::uint64_t>(w[0]) << 32) | w[1];
  return lo + static_cast<double>(bits % span);
}

// Element i of the buffer, made by `src` (never segments), which covers `count` elements of which i
// is the `local`-th: the whole buffer (local == i), or a segment. Positions (literal, arange,
// sorted, sparse) count within what `src` covers; random draws use i, so two segments with the
// same generator still get different values. `perm_stream` keys sparse's permutation, per segment.
double value_in(const spec::InputSource& src, std::uint64_t seed, std::uint64_t stream, std::uint64_t perm_stream,
                std::size_t i, std::size_t local, std::size_t count, bool floating) {
  switch (src.kind) {
    case Kind::literal:
      return src.values[local];
    case Kind::fill:
      return src.a;
    case Kind::arange:
      return src.a + static_cast<double>(local) * src.b;
    default:
      break;
  }
  const auto w = draw(seed, stream, i);
  switch (src.kind) {
    case Kind::uniform:
      return uniform_in(src.a, src.b, w);
    case Kind::normal: {
      // Box-Muller with our own log and cos, so the result does not depend on the C library.
      const double r = std::sqrt(-2.0 * util::det_log(util::u01_53_open0(w[0], w[1])));
      return src.a + src.b * r * util::det_cos_2pi(util::u01_53(w[2], w[3]));
    }
    case Kind::randint:
      return randint_in(src.a, src.b, w);
    case Kind::sorted: {
      // Element i lies in the i-th of `count` equal slices of [lo, hi), so the values rise with i.
      const double v = src.a + (src.b - src.a) * ((static_cast<double>(local) + util::u01_53(w[0], w[1])) /
                                                  static_cast<double>(count));
      const double clamped = v < src.b ? v : std::nextafter(src.b, src.a);
      return floating ? clamped : std::floor(clamped);
    }
    case Kind::sparse: {
      if (permute(local, count, seed, perm_stream) >= src.nnz) return 0;
      if (!floating) return randint_in(src.a, src.b, w);  // the range excludes 0 (spec/testcase.cpp)
      const double v = uniform_in(src.a, src.b, w);
      return v != 0 ? v : (src.a != 0 ? src.a : src.b / 2);
    }
    default:
      return 0;
  }
}

// The permutation key of the segment starting at `first`: the buffer's own stream for the first
// (so a sparse buffer without segments keeps its values), a different one for each later segment.
std::uint64_t perm_stream_of(std::uint64_t stream, std::size_t first) {
  return stream ^ (static_cast<std::uint64_t>(first) * 0xbf58476d1ce4e5b9ull);
}

// Elements [begin, end) of `part`, which covers the buffer's elements [first, first + count).
void generate_part(const spec::InputSource& part, spec::DType t, std::uint64_t seed, std::uint64_t stream, void* dst,
                   std::size_t begin, std::size_t end, std::size_t first, std::size_t count) {
  const bool fp32 = t == spec::DType::float32, floating = spec::is_floating(t);
  const std::uint64_t perm = perm_stream_of(stream, first);
  for (std::size_t i = begin; i < end; ++i) {
    const double v = value_in(part, seed, stream, perm, i, i - first, count, floating);
    if (fp32) {
      static_cast<float*>(dst)[i] = static_cast<float>(v);  // the common case, without the type switch
    } else {
      spec::store_element(t, dst, i, v);
    }
  }
}

void generate_range(const spec::InputSource& src, spec::DType t, std::uint64_t seed, std::uint64_t stream, void* dst,
                    std::size_t begin, std::size_t end, std::size_t count) {
  if (src.kind != Kind::segments) {
    generate_part(src, t, seed, stream, dst, begin, end, 0, count);
    return;
  }
  std::size_t first = 0;
  for (const spec::InputSegment& seg : src.segments) {
    const std::size_t last = first + seg.count;
    if (first < end && begin < last)
      generate_part(seg.source, t, seed, stream, dst, std::max(begin, first), std::min(end, last), first, seg.count);
    first = last;
  }
}

}  // namespace

double generate_value(const spec::InputSource& src, std::uint64_t seed, std::uint64_t stream, std::size_t i,
                      std::size_t count, bool floating) {
  if (src.kind != Kind::segments) return value_in(src, seed, stream, stream, i, i, count, floating);
  std::size_t first = 0;
  for (const spec::InputSegment& seg : src.segments) {
    if (i < first + seg.count)
      return value_in(seg.source, seed, stream, perm_stream_of(stream, first), i, i - first, seg.count, floating);
    first += seg.count;
  }
  return 0;  // past the last segment: the loader makes the counts add up to the buffer's
}

void generate(const spec::InputSource& src, spec::DType t, std::uint64_t seed, std::string_view buffer_name, void* dst,
              std::size_t count) {
  const std::uint64_t stream = stream_of(buffer_name);
  constexpr std::size_t kPerThread = 1 << 20;
  const std::size_t hw = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t threads = std::min(hw, (count + kPerThread - 1) / kPerThread);
  if (threads <= 1) {
    generate_range(src, t, seed, stream, dst, 0, count, count);
    return;
  }
  std::vector<std::thread> pool;
  const std::size_t chunk = (count + threads - 1) / threads;
  for (std::size_t k = 0; k < threads; ++k) {
    const std::size_t b = k * chunk, e = std::min(count, b + chunk);
    pool.emplace_back(generate_range, std::cref(src), t, seed, stream, dst, b, e, count);
  }
  for (auto& th : pool) th.join();
}

}  // namespace judge::gen
