#include "compile/nvrtc_shims.hpp"

namespace judge::compile {

const std::vector<std::pair<std::string, std::string>>& nvrtc_shim_headers() {
  // The same types as CCCL's <cuda/std/cstdint> under NVRTC (which cooperative_groups and cub
  // include), so both may be included in either order: an alias may be declared twice only as
  // the same type. The widths are glibc's; only the spelling of the 64-bit types differs.
  static const std::string stdint = R"(#pragma once
using int8_t = signed char; using uint8_t = unsigned char;
using int16_t = signed short; using uint16_t = unsigned short;
using int32_t = signed int; using uint32_t = unsigned int;
using int64_t = signed long long; using uint64_t = unsigned long long;
using intptr_t = int64_t; using uintptr_t = uint64_t;
using intmax_t = int64_t; using uintmax_t = uint64_t;
#ifndef INT8_MIN
#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#define UINT32_MAX 4294967295U
#define INT64_MIN (-9223372036854775807LL - 1)
#define INT64_MAX 9223372036854775807LL
#define UINT64_MAX 18446744073709551615ULL
#endif
#ifndef SIZE_MAX
#define SIZE_MAX 18446744073709551615ULL
#endif
namespace std { using ::int8_t; using ::uint8_t; using ::int16_t; using ::uint16_t; using ::int32_t;
using ::uint32_t; using ::int64_t; using ::uint64_t; using ::intptr_t; using ::uintptr_t; using ::size_t; }
)";
  static const std::string cfloat = R"(#pragma once
#define FLT_MAX 3.402823466e+38F
#define FLT_MIN 1.175494351e-38F
#define FLT_EPSILON 1.192092896e-07F
#define FLT_MANT_DIG 24
#define DBL_MAX 1.7976931348623158e+308
#define DBL_MIN 2.2250738585072014e-308
#define DBL_EPSILON 2.2204460492503131e-016
#define DBL_MANT_DIG 53
)";
  static const std::string climits = R"(#pragma once
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-9223372036854775807L - 1)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MIN (-9223372036854775807LL - 1)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL
)";
  // NVRTC has the CUDA math functions built in; INFINITY, NAN and M_PI are in the predefined
  // names (nvrtc_predefined.cpp), as nvcc's device side has them without any include.
  static const std::string cmath = "#pragma once\n";
  static const std::string algorithm = R"(#pragma once
namespace std {
template <class T> __host__ __device__ constexpr const T& min(const T& a, const T& b) { return b < a ? b : a; }
template <class T> __host__ __device__ constexpr const T& max(const T& a, const T& b) { return a < b ? b : a; }
template <class T> __host__ __device__ void swap(T& a, T& b) { T t = a; a = b; b = t; }
}
)";
  static const std::string cstddef = R"(#pragma once
typedef decltype(nullptr) nullptr_t_;
typedef long ptrdiff_t;
namespace std { using ::size_t; using ::ptrdiff_t; typedef decltype(nullptr) nullptr_t; }
)";
  static const std::string cassert = R"(#pragma once
extern "C" __device__ void __assertfail(const char* message, const char* file, unsigned line, const char* function,
                                        unsigned long char_size);
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, 1))
#endif
)";
  // std::numeric_limits in device code (constexpr host functions under nvcc's
  // --expt-relaxed-constexpr): libcu++'s, which NVRTC compiles, under the std name.
  static const std::string limits = R"(#pragma once
#include <cuda/std/limits>
namespace std { using ::cuda::std::numeric_limits; }
)";
  // CUB's umbrella header without what NVRTC cannot compile: the device-wide algorithms
  // (cub/device/, host functions that launch kernels) and the caching allocator (host only). A
  // file that calls those from host code goes to nvcc anyway (the splitter's `cub::` check).
  static const std::string cub = R"(#pragma once
#include <cub/config.cuh>
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_merge_sort.cuh>
#include <cub/block/block_radix_rank.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/grid/grid_even_share.cuh>
#include <cub/grid/grid_mapping.cuh>
#include <cub/grid/grid_queue.cuh>
#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/thread/thread_reduce.cuh>
#include <cub/thread/thread_scan.cuh>
#include <cub/thread/thread_store.cuh>
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_load.cuh>
#include <cub/warp/warp_merge_sort.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/warp/warp_store.cuh>
#include <cub/iterator/arg_index_input_iterator.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cub/iterator/cache_modified_output_iterator.cuh>
#include <cub/iterator/tex_obj_input_iterator.cuh>
#include <cub/util_debug.cuh>
#include <cub/util_device.cuh>
#include <cub/util_ptx.cuh>
#include <cub/util_temporary_storage.cuh>
#include <cub/util_type.cuh>
)";
  static const std::vector<std::pair<std::string, std::string>> shims = {
      {"cstdint", stdint},      {"stdint.h", stdint},  {"cfloat", cfloat},    {"float.h", cfloat},
      {"climits", climits},     {"limits.h", climits}, {"cmath", cmath},      {"math.h", cmath},
      {"algorithm", algorithm}, {"cstddef", cstddef},  {"stddef.h", cstddef}, {"cassert", cassert},
      {"assert.h", cassert},    {"limits", limits},    {"cub/cub.cuh", cub}};
  return shims;
}

}  // namespace judge::compile
