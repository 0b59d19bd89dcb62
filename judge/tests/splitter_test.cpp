// The source splitter: what each half keeps, how launches and symbol calls are rewritten, and
// which constructs it reports as unsupported (auto then compiles with nvcc).
#include "compile/splitter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <ostream>
#include <string>

namespace judge {
namespace {

using compile::split_source;

int lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}
bool has(const std::string& s, std::string_view part) {
  return s.find(part) != std::string::npos;
}

const char* const kFile = R"(#include <cuda_runtime.h>
#include <vector>
#define BLOCK 256
namespace {
constexpr int kTile = 4;
}
__constant__ float coeff[4];
__device__ float twice(float x) { return 2 * x; }
template <int B, int T>
__global__ void scale(const float* in, float* out, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) out[i] = twice(in[i]) * coeff[0];
}
static std::vector<int> host_only;
extern "C" void solve(const float* in, float* out, int n) {
  float c[4] = {1, 2, 3, 4};
  cudaMemcpyToSymbol(coeff, c, sizeof(c));
  cudaFuncSetAttribute(scale<BLOCK, kTile>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
  scale<BLOCK, kTile><<<(n + BLOCK - 1) / BLOCK,
                        BLOCK>>>(in, out, n);
}
)";

TEST(Splitter, BothHalvesKeepEveryLine) {
  const auto r = split_source(kFile);
  EXPECT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_EQ(lines(r.device_source), lines(kFile));
  EXPECT_EQ(lines(r.host_source), lines(kFile));
  EXPECT_EQ(r.kernels, 1);
  EXPECT_EQ(r.launches, 1);
}

TEST(Splitter, DevicePartDropsHostCodeAndHostHeaders) {
  const auto r = split_source(kFile);
  EXPECT_FALSE(has(r.device_source, "solve"));
  EXPECT_FALSE(has(r.device_source, "<vector>"));
  EXPECT_FALSE(has(r.device_source, "host_only"));
  EXPECT_TRUE(has(r.device_source, "twice(in[i])"));
  EXPECT_TRUE(has(r.device_source, "#define BLOCK 256"));
  EXPECT_TRUE(has(r.device_source, "constexpr int kTile"));
}

TEST(Splitter, HostPartEmptiesKernelsAndRewritesLaunchesAndSymbols) {
  const auto r = split_source(kFile);
  EXPECT_FALSE(has(r.host_source, "twice(in[i])"));
  EXPECT_FALSE(has(r.host_source, "__device__ float twice"));
  EXPECT_TRUE(has(r.host_source, "__global__ void scale(const float* in, float* out, int n) {}"));
  EXPECT_TRUE(has(r.host_source, "__constant__ float coeff[4];"));
  ASSERT_EQ(r.names.size(), 2u);
  EXPECT_EQ(r.names[0].text, "&coeff");
  EXPECT_TRUE(r.names[0].variable);
  EXPECT_EQ(r.names[1].text, "scale<BLOCK, kTile>");
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::memcpy_to_symbol(0, c, sizeof(c))"));
  EXPECT_TRUE(has(r.host_source, "cudaFuncSetAttribute(judge_nvrtc::kernel_handle(1),"));
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::launcher(1, &scale<BLOCK, kTile>, (n + BLOCK - 1) / BLOCK,"));
  EXPECT_TRUE(has(r.host_source, "BLOCK)(in, out, n);"));
}

TEST(Splitter, NamespacesQualifyNameExpressions) {
  const auto r = split_source(R"(namespace a { namespace b {
constexpr int N = 4;
template <int M> __global__ void k(int* p) { p[0] = M; }
void go(int* p) { k<N><<<1, 1>>>(p); }
} }
)");
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  ASSERT_EQ(r.names.size(), 1u);
  EXPECT_EQ(r.names[0].text, "a::b::k<a::b::N>");
}

// Constants local to the host function become their values (typed) in the name expression, which
// NVRTC evaluates at namespace scope; constants they use are replaced too.
TEST(Splitter, LocalConstantTemplateArgumentsBecomeTheirValues) {
  const auto r = split_source(
      "template <int B, unsigned S> __global__ void k() {}\n"
      "void go() {\n  constexpr int kBlock = 256;\n  constexpr int BM = kBlock / 2, kTile{BM * 4};\n"
      "  const unsigned kS{8};\n  k<kTile, kS><<<1, 1>>>();\n}\n");
  ASSERT_TRUE(r.unsupported.empty()) << r.unsupported[0].construct;
  ASSERT_EQ(r.names.size(), 1u);
  EXPECT_EQ(r.names[0].text,
            "k<static_cast<int>(static_cast<int>(static_cast<int>(256) / 2) * 4), static_cast<unsigned>(8)>");
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::launcher(0, &k<kTile, kS>, 1, 1)()")) << r.host_source;
}

// The same kernel name in two namespaces: the written qualification, else the host function's
// own namespace, picks one.
TEST(Splitter, SameKernelNameInTwoNamespaces) {
  const auto r = split_source(
      "namespace a { __global__ void k(float* p) {} }\nnamespace b { __global__ void k(float* p) {}\n"
      "void inner(float* p) { k<<<1, 1>>>(p); } }\n"
      "void go(float* p) {\n  a::k<<<1, 1>>>(p);\n  ::b::k<<<1, 1>>>(p);\n}\n");
  ASSERT_TRUE(r.unsupported.empty()) << r.unsupported[0].construct;
  ASSERT_EQ(r.names.size(), 2u);
  EXPECT_EQ(r.names[0].text, "b::k");  // inner(), inside namespace b
  EXPECT_EQ(r.names[1].text, "a::k");
  EXPECT_EQ(r.launches, 3);
}

TEST(Splitter, OverloadedKernelsArePickedByTheHostCompiler) {
  const std::string src =
      "namespace n { struct V { float x; }; }\n"
      "__global__ void k(n::V* p, int m = 2) {}\n__global__ void k(const int* p,\n  int m) {}\n"
      "void go(n::V* v, int* q) {\n  k<<<1, 1>>>(v);\n  ::k<<<1, 1>>>(q,\n    3);\n}\n";
  const auto r = split_source(src);
  ASSERT_TRUE(r.unsupported.empty()) << r.unsupported[0].construct;
  ASSERT_EQ(r.names.size(), 2u);
  EXPECT_EQ(r.names[0].text, "static_cast<void (*)(n::V* p, int m)>(k)");  // default argument dropped
  EXPECT_EQ(r.names[1].text, "static_cast<void (*)(const int* p, int m)>(k)");
  EXPECT_TRUE(
      has(r.host_source, "::judge_nvrtc::Pick<0, void (*)(n::V* p, int m)> judge_overload_k(n::V* p, int m = 2);"));
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::launcher(decltype(judge_overload_k(v)){}, 1, 1)(v)"));
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::launcher(decltype(::judge_overload_k(q, 3)){}, 1, 1)(q,"));
  EXPECT_EQ(lines(r.host_source), lines(src));
  EXPECT_EQ(r.launches, 2);
}

TEST(Splitter, DeducedTemplateArgumentsComeFromDeclaredTypes) {
  const std::string src =
      "template <typename T, int B = 256>\n__global__ void k(const T* __restrict__ in, T* out, int n) {}\n"
      "template <class T> __global__ void fill(T* p, T v, int n) {}\n"
      "extern \"C\" void solve(const float* input, float* output, int N) {\n"
      "  k<<<1, 1>>>(input, output, N);\n"
      "  static double* tmp = nullptr;\n  const int n = N;\n"
      "  fill<<<1, 1>>>(tmp, 0.0, n);\n}\n";
  const auto r = split_source(src);
  ASSERT_EQ(r.unsupported.size(), 1u);  // fill's `v` is a literal: T comes from `tmp` alone, but 0.0 is not a variable
  EXPECT_EQ(r.names.size(), 1u);
  EXPECT_EQ(r.names[0].text, "k<float>");
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::launcher(0, &k<float>, 1, 1)(input, output, N)"));

  const auto ok = split_source(
      "template <class T> __global__ void fill(T* p, T v, int n) {}\n"
      "void go(double* tmp, int n) {\n  const double zero = 0;\n  fill<<<1, 1>>>(tmp, zero, n);\n}\n");
  ASSERT_TRUE(ok.unsupported.empty()) << ok.unsupported[0].construct;
  EXPECT_EQ(ok.names[0].text, "fill<double>");  // `const double zero` binds T = double by value

  const auto clash = split_source(
      "template <class T> __global__ void add(const T* a, T* b) {}\n"
      "void go(const float* a, int* b) {\n  add<<<1, 1>>>(a, b);\n}\n");
  ASSERT_EQ(clash.unsupported.size(), 1u);
  EXPECT_NE(clash.unsupported[0].construct.find("cannot deduce"), std::string::npos);
}

TEST(Splitter, MacrosForExecutionSpacesAreFollowed) {
  const auto r = split_source(
      "#define KERNEL __global__\nKERNEL void k(int* p) { p[0] = 1; }\n"
      "void go(int* p) { k<<<1, 1>>>(p); }\n");
  EXPECT_EQ(r.kernels, 1);
  EXPECT_EQ(r.launches, 1);
}

TEST(Splitter, CodeUnderIfZeroIsLeftToThePreprocessor) {
  const auto r =
      split_source("#if 0\n__global__ void off(int* p) { p[0] = 1; }\nvoid g() { off<<<1, 1>>>(0); }\n#endif\n");
  EXPECT_EQ(r.kernels, 0);
  EXPECT_TRUE(r.names.empty());
  EXPECT_TRUE(r.unsupported.empty());
}

// A macro that defines kernels at namespace scope is expanded in place: `#`, `##`, a multi-line
// invocation and a launch written inside a host-side macro, every line kept at its number.
TEST(Splitter, FunctionLikeMacrosDefiningKernelsAreExpandedInPlace) {
  const std::string src =
      "#define UNARY(name, expr) \\\n"
      "  __global__ void name##_k(float* p) { const char* s = #expr; p[0] = (expr); }\n"
      "UNARY(relu,\n"
      "      p[0] > 0 ? p[0] : 0)  // a comment inside the invocation\n"
      "UNARY(neg, -p[0])\n"
      "#define RUN(k, p) k<<<1, 32>>>(p)\n"
      "void go(float* p) {\n"
      "  RUN(relu_k, p);\n"
      "  RUN(neg_k, p);\n"
      "}\n";
  const auto r = split_source(src);
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_EQ(r.kernels, 2);
  EXPECT_EQ(r.launches, 2);
  ASSERT_EQ(r.names.size(), 2u);
  EXPECT_EQ(r.names[0].text, "relu_k");
  EXPECT_EQ(r.names[1].text, "neg_k");
  EXPECT_EQ(lines(r.device_source), lines(src));
  EXPECT_EQ(lines(r.host_source), lines(src));
  // The expansion sits on the invocation's first line; the next invocation keeps its own line.
  const auto line_of = [](const std::string& s, std::string_view part) {
    return static_cast<int>(std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(s.find(part)), '\n')) + 1;
  };
  EXPECT_EQ(line_of(r.device_source, "void relu_k"), 3);
  EXPECT_EQ(line_of(r.device_source, "void neg_k"), 5);
  EXPECT_TRUE(has(r.device_source, "\"p[0] > 0 ? p[0] : 0\"")) << r.device_source;
  EXPECT_TRUE(has(r.host_source, "judge_nvrtc::launcher(0, &relu_k, 1, 32)(p)")) << r.host_source;
  EXPECT_FALSE(has(r.host_source, "RUN(relu_k")) << r.host_source;
}

TEST(Splitter, NestedAndVariadicMacrosExpandWithinBounds) {
  const auto r = split_source(
      "#define KERNEL(name, ...) __global__ void name(__VA_ARGS__) {}\n"
      "#define TWO(a, b) KERNEL(a, int* p) KERNEL(b, int* p, int n)\n"
      "TWO(first, second)\n");
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_EQ(r.kernels, 2);
  EXPECT_TRUE(has(r.device_source, "__global__ void second(int* p, int n) {}")) << r.device_source;

  // A macro that produces its own invocation stops after a bounded number of rounds.
  const auto loop = split_source("#define SELF(x) SELF(x) int v##x;\nSELF(1)\n");
  ASSERT_FALSE(loop.unsupported.empty());
  EXPECT_TRUE(has(loop.unsupported[0].construct, "nested more than")) << loop.unsupported[0].construct;
  EXPECT_EQ(loop.unsupported[0].line, 2);
}

TEST(Splitter, BlockLevelCubIsDeviceOnly) {
  const auto r = split_source(
      "#include <cub/block/block_reduce.cuh>\n"
      "using Reduce = cub::BlockReduce<float, 128>;\n"
      "__global__ void k(float* p) { __shared__ Reduce::TempStorage t; p[0] = Reduce(t).Sum(p[0]); }\n"
      "void go(float* p) { k<<<1, 128>>>(p); }\n");
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_TRUE(has(r.device_source, "<cub/block/block_reduce.cuh>"));
  EXPECT_TRUE(has(r.device_source, "cub::BlockReduce"));
  EXPECT_FALSE(has(r.host_source, "cub"));

  const auto host_use = split_source(
      "#include <cub/cub.cuh>\nusing Reduce = cub::BlockReduce<float, 128>;\n"
      "void go() { size_t n = sizeof(Reduce::TempStorage); }\n");
  ASSERT_FALSE(host_use.unsupported.empty());
  EXPECT_TRUE(has(host_use.unsupported[0].construct, "Reduce (block-level CUB) used in host code"));
  EXPECT_EQ(host_use.unsupported[0].line, 3);
}

TEST(Splitter, CooperativeGroupsHeadersAreDeviceOnly) {
  const auto r = split_source(
      "#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\n"
      "namespace cg = cooperative_groups;\n"
      "__global__ void k(float* p) { p[0] = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), p[0], "
      "cg::plus<float>()); }\n");
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_TRUE(has(r.device_source, "<cooperative_groups/reduce.h>"));
  EXPECT_FALSE(has(r.host_source, "<cooperative_groups/reduce.h>")) << "g++ cannot parse it: " << r.host_source;
  EXPECT_TRUE(has(r.host_source, "<cooperative_groups.h>"));
  EXPECT_EQ(lines(r.host_source), lines(r.device_source));
}

// nvcc's --expt-relaxed-constexpr lets device code call a constexpr function without __device__;
// NVRTC compiles no host function, so the device half marks it __host__ __device__ on its line.
TEST(Splitter, ConstexprHostFunctionsAreCallableFromDeviceCode) {
  const auto r = split_source(
      "struct P { int v[2]; };\n"
      "constexpr P make() { return {{1, 2}}; }\n"
      "template <int N>\nconstexpr int times(int x) { return N * x; }\n"
      "__constant__ P table = make();\n"
      "__global__ void k(int* p) { p[0] = times<2>(table.v[1]); }\n"
      "int host_only(int x) { return x; }\n");
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_TRUE(has(r.device_source, "__host__ __device__ constexpr P make()")) << r.device_source;
  EXPECT_TRUE(has(r.device_source, "__host__ __device__ constexpr int times(int x)")) << r.device_source;
  EXPECT_FALSE(has(r.device_source, "host_only")) << r.device_source;
  EXPECT_TRUE(has(r.host_source, "constexpr P make()"));
  EXPECT_FALSE(has(r.host_source, "__host__ __device__ constexpr"));
  EXPECT_EQ(lines(r.host_source), lines(r.device_source));
}

TEST(Splitter, DeviceMemberFunctionsKeepOnlyTheirDeclarationOnTheHost) {
  const std::string src =
      "namespace cg = cooperative_groups;\n"
      "struct Op {\n"
      "  float a;\n"
      "  __device__ Op(float x) : a{x} { a += threadIdx.x; }\n"
      "  __device__ float f(float x) const { return __fmul_rn(a, x); }\n"
      "  __host__ __device__ float g() const { return a; }\n"
      "  struct Inner { __device__ int h() { return blockIdx.x; } };\n"
      "};\n";
  const auto r = split_source(src);
  ASSERT_TRUE(r.unsupported.empty()) << compile::describe_first_issue(r);
  EXPECT_EQ(lines(r.host_source), lines(src));
  EXPECT_TRUE(has(r.host_source, "__device__ Op(float x) ;")) << r.host_source;
  EXPECT_TRUE(has(r.host_source, "__device__ float f(float x) const ;")) << r.host_source;
  EXPECT_TRUE(has(r.host_source, "{ return a; }")) << r.host_source;
  EXPECT_TRUE(has(r.host_source, "__device__ int h() ;")) << r.host_source;
  EXPECT_FALSE(has(r.host_source, "__fmul_rn"));
  EXPECT_FALSE(has(r.host_source, "blockIdx"));
  EXPECT_TRUE(has(r.device_source, "__fmul_rn(a, x)"));
  // Namespace aliases are on both sides.
  EXPECT_TRUE(has(r.device_source, "namespace cg = cooperative_groups;"));
  EXPECT_TRUE(has(r.host_source, "namespace cg = cooperative_groups;"));
}

// Inputs on which the splitter crashed or grew without bound before (found by comparing the
// splitter with itself on mutated solutions): each now leaves the file to nvcc, naming the line.
TEST(Splitter, AKernelNameQualifiedByANamespaceThatDefinesNoneIsLeftToNvcc) {
  const auto r = split_source(
      "namespace a { __global__ void k(int* p) {} }\nnamespace b { __global__ void k(int* p) {} }\n"
      "void go(int* p) {\n  c::k<<<1, 1>>>(p);\n}\n");
  ASSERT_FALSE(r.unsupported.empty());
  EXPECT_TRUE(has(r.unsupported[0].construct, "repeated kernel name k")) << r.unsupported[0].construct;
  EXPECT_EQ(r.unsupported[0].line, 4);
}

TEST(Splitter, AMalformedTemplateParameterListIsNotDeduced) {
  const auto r = split_source("template <= 3> __global__ void k(int* p) {}\nvoid go(int* p) {\n  k<<<1, 1>>>(p);\n}\n");
  ASSERT_FALSE(r.unsupported.empty());
  EXPECT_TRUE(has(r.unsupported[0].construct, "cannot deduce")) << r.unsupported[0].construct;
  EXPECT_EQ(r.unsupported[0].line, 3);
}

TEST(Splitter, LocalConstantsThatMultiplyTheirTextAreBounded) {
  // Each level names the one before ten times: 10^8 copies of X if nothing stopped it.
  const auto r = split_source(
      "template <int N> __global__ void k(int* p) {}\nvoid go(int* p) {\n"
      "  constexpr int X = X + X + X + X + X + X + X + X + X + X;\n  k<X><<<1, 1>>>(p);\n}\n");
  ASSERT_FALSE(r.unsupported.empty());
  EXPECT_TRUE(has(r.unsupported[0].construct, "template arguments longer than 64 KiB")) << r.unsupported[0].construct;
  EXPECT_EQ(r.unsupported[0].line, 4);
  EXPECT_LT(r.host_source.size(), 1000u);
}

struct Unsupported {
  const char* source;
  const char* construct;
  int line;
};

// Printed as "thrust/CUB header, line 1" (test lists, a failure's "GetParam() =", ctest's names).
void PrintTo(const Unsupported& u, std::ostream* os) {
  *os << u.construct << ", line " << u.line;
}

// "thrust_CUB_header_0": the construct in GoogleTest's alphabet, and the case's index (two cases
// may expect the same construct).
std::string unsupported_name(const ::testing::TestParamInfo<Unsupported>& info) {
  std::string name;
  for (const char* c = info.param.construct; *c; ++c) {
    const bool alnum = std::isalnum(static_cast<unsigned char>(*c));
    if (alnum) name += *c;
    if (!alnum && !name.empty() && name.back() != '_') name += '_';
  }
  if (!name.empty() && name.back() == '_') name.pop_back();
  return name + "_" + std::to_string(info.index);
}

class SplitterUnsupported : public ::testing::TestWithParam<Unsupported> {};

TEST_P(SplitterUnsupported, NamesConstructAndLine) {
  const auto r = split_source(GetParam().source);
  ASSERT_FALSE(r.unsupported.empty());
  EXPECT_TRUE(has(r.unsupported[0].construct, GetParam().construct)) << r.unsupported[0].construct;
  EXPECT_EQ(r.unsupported[0].line, GetParam().line);
}

INSTANTIATE_TEST_SUITE_P(
    Constructs, SplitterUnsupported,
    ::testing::Values(
        Unsupported{"#include <thrust/reduce.h>\n", "thrust/CUB header", 1},
        Unsupported{"#include <cub/device/device_reduce.cuh>\n", "thrust/CUB header", 1},
        Unsupported{"#ifdef X\n#define K(n) __global__ void n() {}\n#else\n#define K(n) void n() {}\n#endif\nK(a)\n",
                    "defined more than once", 6},
        Unsupported{"void f(float* p, int n) {\n  cub::DeviceReduce::Sum(0, n, p, p, n);\n}\n", "cub::", 2},
        Unsupported{"template <int B> __global__ void k() {}\ntemplate <int B> void go() {\n  k<B><<<1, 1>>>();\n}\n",
                    "host function template", 3},
        Unsupported{
            "template <class T> __global__ void k(T* p) {}\ntemplate <class T> __global__ void k(T* p, int n) {}\n"
            "void go(int* p) {\n  k<int><<<1, 1>>>(p);\n}\n",
            "overloaded", 1},
        Unsupported{"__global__ void k(float* p) {}\n__global__ void k(int* p) {}\nvoid go() {\n  "
                    "cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);\n}\n",
                    "other than in a launch", 4},
        Unsupported{"__global__ void child() {}\n__global__ void parent() { child<<<1, 1>>>(); }\n",
                    "dynamic parallelism", 2},
        Unsupported{"__managed__ int counter;\n", "__managed__", 1},
        Unsupported{"void go(void (*f)()) {\n  f<<<1, 1>>>();\n}\n", "not a kernel", 2}),
    unsupported_name);

}  // namespace
}  // namespace judge
