// Helpers shared by the tests: the source tree, temporary files, and the judge binary.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "spec/catalog.hpp"
#include "util/read_file.hpp"
#include "util/subprocess.hpp"

namespace judge::testing {

inline std::filesystem::path source_root() {
  return JUDGE_TEST_ROOT;
}
inline spec::Catalog catalog() {
  return spec::Catalog(source_root());
}

// A fresh temporary folder, removed when the object goes out of scope.
class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/judge-test-XXXXXX";
    path_ = ::mkdtemp(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const auto p = path_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p;
  }

 private:
  std::filesystem::path path_;
};

// A compile request for `file` as a solution of `slug`, for sm_90: reads the file and binds its
// solve() (a failure is a test failure); messages name the file `display`.
inline compile::CompileRequest compile_request(const std::string& slug, const std::filesystem::path& file,
                                               const std::string& display, const std::string& engine) {
  auto c = catalog().challenge(slug);
  EXPECT_TRUE(c) << slug;
  auto text = util::read_text_file(file);
  EXPECT_TRUE(text) << file;
  auto proto = compile::parse_solve_prototype(*text, display);
  EXPECT_TRUE(proto) << proto.error().message;
  auto binding = compile::bind_prototype(*proto, *c, display);
  EXPECT_TRUE(binding) << binding.error().message;
  return {file, display, {}, "sm_90", engine, *binding};
}

// A vector-addition solution that never finishes compiling: 2^16 distinct template instances keep
// NVRTC's front end busy for minutes (about 5 s at depth 14 on a 2-core machine, minutes at 16).
inline const char* const kCompileBomb =
    "template <int D, int M> struct T { static const int v = T<D - 1, 2 * M>::v + T<D - 1, 2 * M + 1>::v; };\n"
    "template <int M> struct T<0, M> { static const int v = 1; };\n"
    "__global__ void k(float* c) { c[0] = (float)T<16, 0>::v; }\n"
    "extern \"C\" void solve(const float* A, const float* B, float* C, int N) { k<<<1, 1>>>(C); }\n";

// Every file a solutions/<slug>/expected.json names, with the verdict it must get.
struct ShippedFile {
  std::string slug, file, verdict;
};
inline std::vector<ShippedFile> shipped_files() {
  std::vector<ShippedFile> out;
  const spec::Catalog cat = catalog();
  for (const std::string& slug : cat.slugs()) {
    std::ifstream in(cat.solutions_dir(slug) / "expected.json");
    if (!in) continue;
    const nlohmann::json manifest = nlohmann::json::parse(in);  // named: a temporary would die before the loop
    for (const auto& s : manifest["solutions"])
      out.push_back({slug, s["file"].get<std::string>(), s["verdict"].get<std::string>()});
  }
  return out;
}
// How GoogleTest prints a ShippedFile parameter (test lists, a failure's "GetParam() =", ctest's
// names): "solutions/vector-addition/wrong/hang.cu (WA)", the file and the verdict it must get.
inline void PrintTo(const ShippedFile& s, std::ostream* os) {
  *os << "solutions/" << s.slug << "/" << s.file << " (" << s.verdict << ")";
}
// ("vector-addition", "wrong/hang.cu") -> "vector_addition_wrong_hang_cu": a GoogleTest name.
inline std::string shipped_test_name(const ShippedFile& s) {
  std::string name = s.slug + "_" + s.file;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// How run_judge starts the binary: extra environment ("NAME=value"), the data root, the working
// folder (empty: this one) and the time limit.
struct JudgeCall {
  std::vector<std::string> env;
  std::string root = JUDGE_TEST_ROOT;
  std::string cwd;
  int timeout_ms = 120000;
};

// `judge --root ROOT ARGS...` as a user runs it, with no device visible (so runs behave the same
// on CI and on a GPU machine) and no colour. A failure to start it is a test failure.
inline util::CapturedRun run_judge(const std::vector<std::string>& args, const JudgeCall& call = {}) {
  util::SpawnOptions o;
  o.argv = {"/usr/bin/env", "CUDA_VISIBLE_DEVICES=", "NO_COLOR=1"};
  o.argv.insert(o.argv.end(), call.env.begin(), call.env.end());
  o.argv.insert(o.argv.end(), {JUDGE_BINARY, "--root", call.root});
  o.argv.insert(o.argv.end(), args.begin(), args.end());
  if (!call.cwd.empty()) o.cwd = call.cwd;
  auto r = util::run_captured(o, call.timeout_ms);
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  return r ? std::move(*r) : util::CapturedRun{};
}

// Runs any command; returns its exit code (-1 when it did not exit, or did not start) and its
// stdout followed by its stderr.
inline std::pair<int, std::string> run_command(std::vector<std::string> argv, int timeout_ms = 60000) {
  util::SpawnOptions o;
  o.argv = std::move(argv);
  auto r = util::run_captured(o, timeout_ms);
  if (!r) return {-1, r.error().message};
  return {r->status.exited ? r->status.code : -1, r->out.text + r->err.text};
}

}  // namespace judge::testing
