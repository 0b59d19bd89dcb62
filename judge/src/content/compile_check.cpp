#include "content/compile_check.hpp"

#include <fmt/format.h>

#include <atomic>
#include <optional>
#include <thread>

#include "compile/compiler.hpp"
#include "judging/isolated_compile.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

// The first lines of a compiler log: enough to see what failed.
std::string head(const std::string& log, int lines) {
  std::string out;
  std::size_t pos = 0;
  for (int i = 0; i < lines && pos < log.size(); ++i) {
    const std::size_t end = log.find('\n', pos);
    out += (out.empty() ? "" : " | ") + log.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return out;
}

std::optional<Problem> check_one(const fs::path& root, const CompileFile& f, const CompileCheckOptions& o) {
  compile::CompileRequest req;
  req.source = root / f.file;
  req.display_name = f.file;
  req.arch = o.arch;
  req.engine = "auto";
  judging::IsolatedCompile how{o.executable, root, f.slug, root, f.file};
  const compile::CompileOutcome out = judging::compile_in_child(req, how);
  using S = compile::CompileOutcome::Status;
  if (out.status == S::tool_error) return Problem{f.file, "compile", "the compiler could not run: " + head(out.log, 3)};
  if (out.status == S::compile_error) {
    if (f.expect_failure) return std::nullopt;
    return Problem{f.file, "compile",
                   fmt::format("does not compile for {}{}: {}", o.arch,
                               out.engine.empty() ? "" : " (" + out.engine + ")", head(out.log, 3))};
  }
  if (f.expect_failure)
    return Problem{f.file, "compile", "listed with verdict CE, but it compiles: fix the file or its verdict"};
  if (out.engine != "nvrtc")
    return Problem{f.file, "compile",
                   fmt::format("NVRTC does not take it, the default engine falls back to {} ({}): rewrite that "
                               "construct (docs/compile.md)",
                               out.engine, out.note)};
  return std::nullopt;
}

}  // namespace

std::map<std::string, Problems> check_compile(const fs::path& root, const std::vector<CompileFile>& files,
                                              const CompileCheckOptions& o) {
  std::map<std::string, Problems> out;
  std::atomic<std::size_t> next{0};
  std::vector<std::optional<Problem>> found(files.size());
  const unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::min<std::size_t>(jobs, files.size()); ++t) {
    threads.emplace_back([&] {
      for (std::size_t i; (i = next++) < files.size();) found[i] = check_one(root, files[i], o);
    });
  }
  for (std::thread& t : threads) t.join();
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (found[i]) out[files[i].slug].push_back(*found[i]);
  }
  return out;
}

}  // namespace judge::content
