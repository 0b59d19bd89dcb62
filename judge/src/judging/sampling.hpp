// Sampled checking: which elements of an output the performance case compares when challenge.json
// asks for it ("check": {"performance_random_samples": N}), because its full reference would take
// minutes. Example and functional cases are always compared whole, as LeetGPU does.
//
// A random sample alone misses a bug confined to a few tiles (one wrong 16 x 16 tile of a
// 2000 x 1000 output escapes 8192 random elements about one time in three), and such bugs sit at
// edges and tile boundaries. So the sample holds, for an output of any rank:
//   - every element on an edge: a coordinate that is the first or last of its dimension (the
//     first and last rows and columns of a matrix, the six faces of a 3-D array);
//   - every tile corner: each element all of whose coordinates are boundary coordinates (the
//     first two and last two of the dimension, and every multiple of 16, so of 32, 64 and 128
//     too, with its two neighbours): the 3 x 3 block around every crossing of tile rows and
//     columns, hence elements of every 16 x 16 tile;
//   - N elements drawn at random from the case's seed, among the others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::judging {

// The smallest tile the boundaries are taken at; the larger tiles' boundaries are among its.
inline constexpr std::size_t kSampleTile = 16;

// Whether case `tc` is checked on a sample: only a performance case, and only when the challenge
// asks for it.
bool sampled_case(const spec::Challenge& c, const spec::TestCase& tc);

// The boundary coordinates of a dimension of `n` (above), sorted.
std::vector<std::size_t> boundary_coordinates(std::size_t n);

// The flat row-major indices compared in an output of shape `dims`: edges, tile corners and
// `random` more drawn from (seed, buffer), sorted and unique; every index when that is all of them.
std::vector<std::size_t> sample_indices(std::uint64_t seed, std::string_view buffer,
                                        const std::vector<std::int64_t>& dims, std::size_t random);

}  // namespace judge::judging
