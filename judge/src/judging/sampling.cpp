#include "judging/sampling.hpp"

#include <algorithm>

#include "gen/generate.hpp"
#include "util/philox.hpp"

namespace judge::judging {

bool sampled_case(const spec::Challenge& c, const spec::TestCase& tc) {
  return tc.kind == spec::CaseKind::performance && c.performance_random_samples > 0;
}

std::vector<std::size_t> boundary_coordinates(std::size_t n) {
  std::vector<std::size_t> s;
  const auto add = [&](std::size_t x) {
    if (x < n) s.push_back(x);
  };
  add(0), add(1);
  if (n >= 2) add(n - 2), add(n - 1);
  for (std::size_t m = kSampleTile; m <= n; m += kSampleTile) add(m - 1), add(m), add(m + 1);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

namespace {

// Appends the flat index of every element whose coordinate in dimension d is in coords[d], for
// all d (a Cartesian product, row-major).
void append_product(const std::vector<std::size_t>& extent, const std::vector<std::vector<std::size_t>>& coords,
                    std::size_t d, std::size_t flat, std::vector<std::size_t>& out) {
  if (d == extent.size()) {
    out.push_back(flat);
    return;
  }
  for (const std::size_t x : coords[d]) append_product(extent, coords, d + 1, flat * extent[d] + x, out);
}

// Every element with the first or last coordinate of some dimension.
void append_edges(const std::vector<std::size_t>& extent, std::vector<std::size_t>& out) {
  for (std::size_t d = 0; d < extent.size(); ++d) {
    std::vector<std::vector<std::size_t>> coords(extent.size());
    for (std::size_t e = 0; e < extent.size(); ++e) {
      if (e == d) {
        coords[e] = extent[e] > 1 ? std::vector<std::size_t>{0, extent[e] - 1} : std::vector<std::size_t>{0};
      } else {
        coords[e].resize(extent[e]);
        for (std::size_t x = 0; x < extent[e]; ++x) coords[e][x] = x;
      }
    }
    append_product(extent, coords, 0, 0, out);
  }
}

// Adds up to `n` indices drawn from (seed, buffer) that `sorted` does not hold yet.
void add_random(std::uint64_t seed, std::string_view buffer, std::size_t count, std::size_t n,
                std::vector<std::size_t>& sorted) {
  const std::size_t want = std::min(count, sorted.size() + n);
  const std::uint64_t stream = gen::stream_of(buffer) ^ 0x5a4d504c45ull;  // not the input's stream
  std::vector<std::size_t> drawn;
  for (std::uint32_t k = 0; sorted.size() < want; ++k) {
    const auto w =
        util::philox4x32_10({k, 0, static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)},
                            {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)});
    drawn.push_back(((static_cast<std::uint64_t>(w[0]) << 32) | w[1]) % count);
    // Merge in batches; draw more where duplicates fell out.
    if (drawn.size() == want - sorted.size() || drawn.size() >= 65536) {
      const std::size_t mid = sorted.size();
      sorted.insert(sorted.end(), drawn.begin(), drawn.end());
      std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(mid), sorted.end());
      std::inplace_merge(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(mid), sorted.end());
      sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
      drawn.clear();
    }
  }
}

}  // namespace

std::vector<std::size_t> sample_indices(std::uint64_t seed, std::string_view buffer,
                                        const std::vector<std::int64_t>& dims, std::size_t random) {
  std::vector<std::size_t> extent;
  std::size_t count = 1;
  for (const std::int64_t x : dims) {
    extent.push_back(static_cast<std::size_t>(std::max<std::int64_t>(x, 0)));
    count *= extent.back();
  }
  std::vector<std::size_t> out;
  if (count == 0) return out;
  std::vector<std::vector<std::size_t>> corners;
  for (const std::size_t n : extent) corners.push_back(boundary_coordinates(n));
  append_product(extent, corners, 0, 0, out);
  append_edges(extent, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() + random >= count) {  // no element left out: the whole output
    out.resize(count);
    for (std::size_t i = 0; i < count; ++i) out[i] = i;
    return out;
  }
  add_random(seed, buffer, count, random, out);
  return out;
}

}  // namespace judge::judging
