#include "check/compare.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "spec/element.hpp"
#include "util/poison.hpp"
#include "util/thread_pool.hpp"

namespace judge::check {
namespace {

std::vector<std::int64_t> unflatten(std::size_t index, const std::vector<std::int64_t>& dims) {
  std::vector<std::int64_t> pos(dims.size(), 0);
  for (std::size_t d = dims.size(); d-- > 0;) {
    const auto n = static_cast<std::size_t>(std::max<std::int64_t>(dims[d], 1));
    pos[d] = static_cast<std::int64_t>(index % n);
    index /= n;
  }
  return pos;
}

}  // namespace

bool agrees(double got, double want, const spec::Tolerance& tol, bool floating) {
  if (!floating) return got == want;
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got);
  if (std::isinf(want) || std::isinf(got)) return got == want;
  return std::fabs(got - want) <= tol.atol + tol.rtol * std::fabs(want);
}

std::string format_position(const std::vector<std::int64_t>& position) {
  std::string s = "[";
  for (std::size_t i = 0; i < position.size(); ++i) s += (i ? ", " : "") + std::to_string(position[i]);
  return s + "]";
}

std::string format_value(double v, spec::DType type) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (!spec::is_floating(type)) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", static_cast<float>(v));
}

namespace {

// Compares elements [begin, end) of the compared set (all elements, or the sampled indices).
Comparison compare_range(const void* got, const void* want, std::size_t begin, std::size_t end,
                         const CompareOptions& o) {
  Comparison c;
  const bool floating = spec::is_floating(o.type);
  const std::size_t eb = spec::dtype_bytes(o.type);
  const auto* got_bytes = static_cast<const unsigned char*>(got);
  // Identical bits pass under every rule (a NaN meets the same NaN): the common accepted case
  // of a large output costs one memcmp instead of a loop.
  if (!o.indices && std::memcmp(got_bytes + begin * eb, static_cast<const unsigned char*>(want) + begin * eb,
                                (end - begin) * eb) == 0)
    return c;
  const bool fp32 = o.type == spec::DType::float32;
  for (std::size_t k = begin; k < end; ++k) {
    const std::size_t i = o.indices ? (*o.indices)[k] : k;
    const double g = fp32 ? static_cast<const float*>(got)[i] : spec::load_element(o.type, got, i);
    const double w = fp32 ? static_cast<const float*>(want)[i] : spec::load_element(o.type, want, i);
    const bool equal = floating ? agrees(g, w, o.tolerance, true) : g == w;
    const bool poison = !equal && o.detect_poison && util::is_poison(got_bytes + i * eb, eb);
    // Another right answer (the challenge's acceptance rule): neither a mismatch nor an error.
    if (!equal && !poison && o.accept && o.accept(i, g)) continue;
    if (!floating) {
      c.max_abs_error = std::max(c.max_abs_error, std::fabs(g - w));
    } else if (std::isfinite(g) && std::isfinite(w)) {
      const double abs_err = std::fabs(g - w);
      c.max_abs_error = std::max(c.max_abs_error, abs_err);
      if (w != 0) c.max_rel_error = std::max(c.max_rel_error, abs_err / std::fabs(w));
    }
    if (equal) continue;
    ++c.mismatches;
    c.never_written += poison;
    if (c.first.size() < o.max_reported) c.first.push_back({i, unflatten(i, o.dims), g, w, poison});
  }
  return c;
}

}  // namespace

Comparison compare_buffer(const std::string& name, const void* got, const void* want, std::size_t count,
                          const CompareOptions& o) {
  const std::size_t compared = o.indices ? o.indices->size() : count;
  // Large buffers are compared in parts on every core; the parts are merged in index order, so the
  // result is the same as one pass's.
  constexpr std::size_t kPart = std::size_t{1} << 20;
  std::vector<Comparison> parts((compared + kPart - 1) / kPart);
  util::shared_pool().parallel_for(parts.size(), 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t p = begin; p < end; ++p)
      parts[p] = compare_range(got, want, p * kPart, std::min(compared, (p + 1) * kPart), o);
  });
  Comparison c;
  c.buffer = name;
  c.compared = compared;
  for (const Comparison& p : parts) {
    c.mismatches += p.mismatches;
    c.never_written += p.never_written;
    c.max_abs_error = std::max(c.max_abs_error, p.max_abs_error);
    c.max_rel_error = std::max(c.max_rel_error, p.max_rel_error);
    for (const Mismatch& m : p.first)
      if (c.first.size() < o.max_reported) c.first.push_back(m);
  }
  return c;
}

}  // namespace judge::check
