#include <gtest/gtest.h>

#include "compile/binding.hpp"
#include "compile/prototype.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

compile::Prototype parse(const std::string& src) {
  auto p = compile::parse_solve_prototype(src, "solution.cu");
  EXPECT_TRUE(p) << p.error().message;
  return p ? *p : compile::Prototype{};
}

TEST(Prototype, ReadsTypesConstnessAndNames) {
  const auto p = parse(R"SRC(
    // void solve(int x) in a comment is not it
    const char* s = "extern \"C\" void solve(float)";
    __global__ void k(float* x) {}
    extern "C" void solve(const float* __restrict__ A, float *C, unsigned N, std::size_t M, float A2[]) {
      k<<<1, 1>>>(C);
    })SRC");
  ASSERT_EQ(p.params.size(), 5u);
  EXPECT_TRUE(p.is_definition);
  EXPECT_EQ(p.line, 5);
  EXPECT_EQ(p.params[0].base, "float");
  EXPECT_TRUE(p.params[0].pointee_const);
  EXPECT_EQ(p.params[0].pointer_depth, 1);
  EXPECT_EQ(p.params[0].name, "A");
  EXPECT_FALSE(p.params[1].pointee_const);
  EXPECT_EQ(p.params[2].base, "unsigned int");
  EXPECT_EQ(p.params[2].name, "N");
  EXPECT_EQ(p.params[3].base, "size_t");
  EXPECT_EQ(p.params[4].pointer_depth, 1);
}

TEST(Prototype, ExternCBlocksAndDeclarations) {
  const auto p = parse("extern \"C\" {\nvoid solve(unsigned char* image, int width, int height);\n}\n");
  ASSERT_EQ(p.params.size(), 3u);
  EXPECT_EQ(p.params[0].base, "unsigned char");
  EXPECT_FALSE(p.is_definition);
}

TEST(Prototype, MissingOrNotExternC) {
  auto none = compile::parse_solve_prototype("__global__ void k() {}", "s.cu");
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("no `extern \"C\" void solve(...)` found"), std::string::npos);
  auto declared = compile::parse_solve_prototype("\n\nvoid solve(float* a);", "s.cu");
  ASSERT_FALSE(declared);
  EXPECT_NE(declared.error().message.find("s.cu:3: solve is declared but not defined here"), std::string::npos)
      << declared.error().message;
}

// LeetGPU's older format: a C++-linkage definition is taken when no extern "C" solve exists.
TEST(Prototype, CppLinkageDefinitionIsTheOlderFormat) {
  auto legacy = compile::parse_solve_prototype("#include \"solve.h\"\nvoid solve(const float* a, int n) {}", "s.cu");
  ASSERT_TRUE(legacy) << legacy.error().message;
  EXPECT_TRUE(legacy->cpp_linkage);
  EXPECT_TRUE(legacy->is_definition);
  EXPECT_EQ(legacy->line, 2);
  ASSERT_EQ(legacy->params.size(), 2u);
  auto both = compile::parse_solve_prototype("void solve(float* a) {}\nextern \"C\" void solve(int n) {}", "s.cu");
  ASSERT_TRUE(both);
  EXPECT_FALSE(both->cpp_linkage);
  EXPECT_EQ(both->params[0].base, "int");
}

class Binding : public ::testing::Test {
 protected:
  void SetUp() override {
    auto c = testing::catalog().challenge("vector-addition");
    ASSERT_TRUE(c);
    challenge_ = *c;
  }
  Result<compile::Binding> bind(const std::string& params) {
    auto p = compile::parse_solve_prototype("extern \"C\" void solve(" + params + ") {}", "sol.cu");
    EXPECT_TRUE(p);
    return compile::bind_prototype(*p, challenge_, "sol.cu");
  }
  spec::Challenge challenge_;
};

TEST_F(Binding, AcceptsIntegerWidthsAndMissingConst) {
  auto b = bind("const float* A, const float* B, float* C, int N");
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(b->params[3].kind, compile::ArgKind::i32);
  auto wide = bind("float* A, float* B, float* C, size_t N");
  ASSERT_TRUE(wide) << wide.error().message;
  EXPECT_EQ(wide->params[3].kind, compile::ArgKind::u64);
  EXPECT_EQ(wide->params[0].c_type, "float*");
  auto lng = bind("const float* A, const float* B, float* C, long N");
  ASSERT_TRUE(lng);
  EXPECT_EQ(lng->params[3].kind, compile::ArgKind::i64);
}

TEST_F(Binding, RejectionsNameTheParameter) {
  auto count = bind("const float* A, float* C, int N");
  ASSERT_FALSE(count);
  EXPECT_NE(count.error().message.find("your solve takes 3 parameters, vector-addition expects 4"), std::string::npos);
  auto type = bind("const float* A, const double* B, float* C, int N");
  ASSERT_FALSE(type);
  EXPECT_NE(type.error().message.find("parameter 2 ('B', the challenge's B): points to 'double'"), std::string::npos);
  auto cst = bind("const float* A, const float* B, const float* C, int N");
  ASSERT_FALSE(cst);
  EXPECT_NE(cst.error().message.find("cannot be declared const"), std::string::npos);
  auto scalar = bind("const float* A, const float* B, float* C, float N");
  ASSERT_FALSE(scalar);
  EXPECT_NE(scalar.error().message.find("must be an integer type"), std::string::npos);
  auto ptr = bind("const float* A, const float* B, float* C, int* N");
  ASSERT_FALSE(ptr);
  EXPECT_NE(ptr.error().message.find("passed by value"), std::string::npos);
}

// The older format binds like extern "C" (a wrong prototype is CE naming what was expected and
// found) and carries the solve.h the judge provides, made from the challenge's signature.
TEST_F(Binding, OlderFormatGetsTheJudgesSolveHeader) {
  auto p = compile::parse_solve_prototype("void solve(const float* A, const float* B, float* C, int N) {}", "s.cu");
  ASSERT_TRUE(p);
  auto b = compile::bind_prototype(*p, challenge_, "s.cu");
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_NE(b->solve_header.find("#include <cuda_runtime.h>"), std::string::npos) << b->solve_header;
  EXPECT_NE(b->solve_header.find("\nvoid solve(const float* A, const float* B, float* C, int N);"), std::string::npos)
      << b->solve_header;
  auto wrong = compile::parse_solve_prototype("void solve(const float* A, float* C, int N) {}", "s.cu");
  ASSERT_TRUE(wrong);
  auto rejected = compile::bind_prototype(*wrong, challenge_, "s.cu");
  ASSERT_FALSE(rejected);
  EXPECT_NE(rejected.error().message.find("your solve takes 3 parameters, vector-addition expects 4"),
            std::string::npos);
  EXPECT_NE(rejected.error().message.find("const float* A, const float* B, float* C, int N"), std::string::npos);
  auto extern_c = bind("const float* A, const float* B, float* C, int N");
  ASSERT_TRUE(extern_c);
  EXPECT_TRUE(extern_c->solve_header.empty());
}

}  // namespace
}  // namespace judge
