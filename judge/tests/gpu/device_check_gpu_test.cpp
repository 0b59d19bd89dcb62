// Ring 2: the device-side comparison of timed calls (exec/device_check.hpp) against the host's
// rules (check/compare.hpp), in this process. Without a device every test skips and says why.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "exec/device_check.hpp"
#include "exec/guarded_buffer.hpp"
#include "exec/test_layout.hpp"
#include "util/poison.hpp"
#include "util/shared_memory.hpp"

namespace judge {
namespace {

bool have_device() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

#define REQUIRE_DEVICE() \
  if (!have_device()) GTEST_SKIP() << "no CUDA device in this process"

// One out buffer of `want.size()` elements of type T, expected values `want` (one input set),
// optionally sampled at `samples`; the device output is set to `got`. Returns the device's answer.
template <class T>
bool device_matches(spec::DType type, const std::vector<T>& got, const std::vector<T>& want,
                    spec::Tolerance tol = {1e-5, 1e-5}, const std::vector<std::uint64_t>& samples = {}) {
  exec::TestRequest r;
  r.tolerance = tol;
  exec::BufferSlot b;
  b.name = "C";
  b.role = spec::Role::out;
  b.type = type;
  b.element_bytes = sizeof(T);
  b.bytes = want.size() * sizeof(T);
  b.expected_offset = 0;
  std::size_t shm_bytes = (b.bytes + 4095) / 4096 * 4096;
  if (!samples.empty()) {
    b.sample_offset = shm_bytes;
    b.sample_count = samples.size();
    shm_bytes += samples.size() * sizeof(std::uint64_t);
  }
  r.buffers.push_back(b);
  auto shm = util::SharedMemory::create(shm_bytes, "device-check-test");
  EXPECT_TRUE(shm);
  std::memcpy(shm->data(), want.data(), b.bytes);
  if (!samples.empty()) std::memcpy(shm->data() + b.sample_offset, samples.data(), samples.size() * 8);
  auto buf = exec::GuardedBuffer::allocate(b.bytes, util::canary_byte(0));
  EXPECT_TRUE(buf);
  EXPECT_EQ(cudaMemcpy(buf->data(), got.data(), b.bytes, cudaMemcpyHostToDevice), cudaSuccess);
  std::vector<exec::GuardedBuffer> bufs;
  bufs.push_back(std::move(*buf));
  exec::DeviceChecker checker;
  checker.init(r, *shm);
  EXPECT_TRUE(checker.ready()) << checker.method();
  auto same = checker.matches(r, bufs, 0);
  EXPECT_TRUE(same) << same.error().message;
  return same && *same;
}

TEST(DeviceCheck, FloatsFollowTheHostRules) {
  REQUIRE_DEVICE();
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  std::vector<float> want(100000, 1.0f);
  want[5] = nan;
  want[6] = inf;
  std::vector<float> got = want;
  EXPECT_TRUE(device_matches(spec::DType::float32, got, want));
  got[99999] = 1.0f + 1.5e-5f;  // within atol + rtol * |want| = 2e-5
  EXPECT_TRUE(device_matches(spec::DType::float32, got, want));
  got[99999] = 1.0f + 3e-5f;
  EXPECT_FALSE(device_matches(spec::DType::float32, got, want));
  got = want;
  got[5] = 1.0f;  // NaN must meet NaN
  EXPECT_FALSE(device_matches(spec::DType::float32, got, want));
  got = want;
  got[6] = -inf;  // an infinity must meet the same infinity
  EXPECT_FALSE(device_matches(spec::DType::float32, got, want));
  got = want;
  std::uint32_t poison = 0xFFA5A5A5;  // never written
  std::memcpy(&got[0], &poison, 4);
  EXPECT_FALSE(device_matches(spec::DType::float32, got, want));
}

TEST(DeviceCheck, IntegersAndBytesAreExactAndHalvesConvert) {
  REQUIRE_DEVICE();
  std::vector<std::int32_t> wi(1000, 7), gi = wi;
  EXPECT_TRUE(device_matches(spec::DType::int32, gi, wi, {1, 1}));
  gi[999] = 8;  // tolerances do not apply to integers
  EXPECT_FALSE(device_matches(spec::DType::int32, gi, wi, {1, 1}));
  std::vector<unsigned char> wb(4097, 200), gb = wb;
  EXPECT_TRUE(device_matches(spec::DType::uint8, gb, wb));
  gb[4096] = 201;
  EXPECT_FALSE(device_matches(spec::DType::uint8, gb, wb));
  std::vector<std::uint16_t> wh(10, 0x3C00), gh = wh;  // 1.0 in float16
  EXPECT_TRUE(device_matches(spec::DType::float16, gh, wh, {1e-3, 0}));
  gh[3] = 0x3C01;  // 1 + 2^-10: 0.00098 from 1, within atol 1e-3
  EXPECT_TRUE(device_matches(spec::DType::float16, gh, wh, {1e-3, 0}));
  gh[3] = 0x3C02;  // 1 + 2^-9: 0.00195 from 1, beyond it
  EXPECT_FALSE(device_matches(spec::DType::float16, gh, wh, {1e-3, 0}));
}

TEST(DeviceCheck, ASampledCheckLooksOnlyAtItsIndices) {
  REQUIRE_DEVICE();
  std::vector<float> want(1000, 2.0f), got = want;
  got[500] = 9.0f;
  EXPECT_TRUE(device_matches(spec::DType::float32, got, want, {1e-5, 1e-5}, {0, 10, 999}));
  EXPECT_FALSE(device_matches(spec::DType::float32, got, want, {1e-5, 1e-5}, {0, 500, 999}));
}

}  // namespace
}  // namespace judge
