// Kernels the runner loads for its own checks (exec/device_kernels.hpp): the comparison of a timed
// call's output with its expected values (exec/device_check.hpp), and of an input with its copy
// from before solve (exec/input_snapshot.hpp). Not compiled as CUDA by this project: CMake runs
// nvcc -ptx on it at build time (with --fmad=false, so the tolerance test rounds as the host's
// does) and embeds the PTX text into the judge, which loads it with cudaLibraryLoadData.
//
// judge_compare follows check/compare.cpp's rules: floating types pass when |got - want| <= atol + rtol * |want|
// in double, a NaN meets any NaN and an infinity the same infinity; other types must be equal.
// `type` is spec::DType's value. result[0] counts mismatches, result[1] is the smallest
// mismatching index (the caller sets it to all ones first).

__device__ bool judge_float_equal(double got, double want, double atol, double rtol) {
  const double inf = __longlong_as_double(0x7ff0000000000000ll);
  const bool got_nan = got != got, want_nan = want != want;
  if (got_nan || want_nan) return got_nan && want_nan;
  if (fabs(got) == inf || fabs(want) == inf) return got == want;
  return fabs(got - want) <= atol + rtol * fabs(want);
}

__device__ double judge_half_to_double(unsigned short bits) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
  return f;
}

extern "C" __global__ void judge_compare(const void* got, const void* want, const unsigned long long* indices,
                                         unsigned long long count, int type, double atol, double rtol,
                                         unsigned long long* result) {
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long k = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; k < count;
       k += stride) {
    const unsigned long long i = indices ? indices[k] : k;
    bool equal;
    switch (type) {
      case 0:  // float32
        equal = judge_float_equal(static_cast<const float*>(got)[i], static_cast<const float*>(want)[i], atol, rtol);
        break;
      case 1:  // float16
        equal = judge_float_equal(judge_half_to_double(static_cast<const unsigned short*>(got)[i]),
                                  judge_half_to_double(static_cast<const unsigned short*>(want)[i]), atol, rtol);
        break;
      case 2:  // int32
      case 3:  // uint32
        equal = static_cast<const unsigned int*>(got)[i] == static_cast<const unsigned int*>(want)[i];
        break;
      case 4:  // int64
        equal = static_cast<const unsigned long long*>(got)[i] == static_cast<const unsigned long long*>(want)[i];
        break;
      default:  // uint8, int8
        equal = static_cast<const unsigned char*>(got)[i] == static_cast<const unsigned char*>(want)[i];
        break;
    }
    if (!equal) {
      atomicAdd(&result[0], 1ull);
      atomicMin(&result[1], i);
    }
  }
}

// The first byte at which `now` differs from `before` (a device copy of an input taken before
// solve: exec/input_snapshot.hpp), or all ones when they are equal. Compares 8-byte words, then
// the bytes past the last whole word. result[0] must be all ones first.
extern "C" __global__ void judge_first_difference(const unsigned char* now, const unsigned char* before,
                                                  unsigned long long bytes, unsigned long long* result) {
  const unsigned long long words = bytes / 8;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long first = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned long long* a = reinterpret_cast<const unsigned long long*>(now);
  const unsigned long long* b = reinterpret_cast<const unsigned long long*>(before);
  for (unsigned long long k = first; k < words; k += stride) {
    const unsigned long long diff = a[k] ^ b[k];
    if (diff) atomicMin(&result[0], k * 8 + (__ffsll(static_cast<long long>(diff)) - 1) / 8);  // little-endian
  }
  for (unsigned long long i = words * 8 + first; i < bytes; i += stride)
    if (now[i] != before[i]) atomicMin(&result[0], i);
}
