// Philox-4x32-10 counter-based RNG (Salmon et al., "Parallel Random Numbers: As Easy as
// 1, 2, 3", SC 2011) and exact conversions of its output to doubles in [0,1) and (0,1].
//
// Counter-based means element i of a generated tensor depends only on (seed, i), so host
// and GPU generators produce the same bits in any order. To keep that possible this header
// uses nothing beyond <array>/<cstdint>, and every function is constexpr and marked
// JUDGE_HD, which nvcc sees as __host__ __device__ (std::array's members are constexpr, so
// device use needs --expt-relaxed-constexpr).
#pragma once

#include <array>
#include <cstdint>

#ifndef JUDGE_HD
#ifdef __CUDACC__
#define JUDGE_HD __host__ __device__
#else
#define JUDGE_HD
#endif
#endif

namespace judge::util {

namespace philox_detail {

inline constexpr uint32_t kMul0 = 0xD2511F53u;
inline constexpr uint32_t kMul1 = 0xCD9E8D57u;
inline constexpr uint32_t kWeyl0 = 0x9E3779B9u;  // golden ratio
inline constexpr uint32_t kWeyl1 = 0xBB67AE85u;  // sqrt(3) - 1

JUDGE_HD constexpr std::array<uint32_t, 4> philox_round(std::array<uint32_t, 4> c, std::array<uint32_t, 2> k) {
  uint64_t p0 = uint64_t{kMul0} * c[0];
  uint64_t p1 = uint64_t{kMul1} * c[2];
  auto hi0 = static_cast<uint32_t>(p0 >> 32), lo0 = static_cast<uint32_t>(p0);
  auto hi1 = static_cast<uint32_t>(p1 >> 32), lo1 = static_cast<uint32_t>(p1);
  return {hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0};
}

}  // namespace philox_detail

// Ten rounds, the key bumped by the Weyl constants between rounds (Random123's
// philox4x32_R with R=10).
JUDGE_HD constexpr std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key) {
  for (int r = 0; r < 10; ++r) {
    if (r > 0) {
      key[0] += philox_detail::kWeyl0;
      key[1] += philox_detail::kWeyl1;
    }
    counter = philox_detail::philox_round(counter, key);
  }
  return counter;
}

// Uniform double in [0,1): the top 53 bits of (hi<<32 | lo) times 2^-53. Both steps are
// exact (an integer below 2^53 and a power-of-two scale), so no rounding mode matters.
JUDGE_HD constexpr double u01_53(uint32_t hi, uint32_t lo) {
  uint64_t bits = (uint64_t{hi} << 32 | lo) >> 11;
  return static_cast<double>(bits) * 0x1.0p-53;
}

// Uniform double in (0,1]: same as u01_53 shifted up by one step, so log() never sees 0.
JUDGE_HD constexpr double u01_53_open0(uint32_t hi, uint32_t lo) {
  uint64_t bits = ((uint64_t{hi} << 32 | lo) >> 11) + 1;
  return static_cast<double>(bits) * 0x1.0p-53;
}

}  // namespace judge::util
