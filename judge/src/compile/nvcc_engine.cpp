// The nvcc engine: the whole file (plus the trampoline) becomes a shared object with
// `nvcc -shared -cudart shared`, built for the exact architecture of the GPU in use.
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "compile/compile_log.hpp"
#include "compile/compiler.hpp"
#include "compile/solve_header.hpp"
#include "compile/source_hash.hpp"
#include "compile/trampoline.hpp"
#include "util/cache_root.hpp"
#include "util/subprocess.hpp"

namespace judge::compile {
namespace fs = std::filesystem;

namespace {

bool is_executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

std::vector<std::string> nvcc_flags(const CompileRequest& r) {
  // --expt-relaxed-constexpr and --extended-lambda: LeetGPU accepts `fmax(0, x)`, `sqrt(n)` and
  // std::max in device code (constexpr host functions) and device lambdas passed to thrust.
  std::vector<std::string> f = {"-O3",
                                "-std=c++17",
                                "--expt-relaxed-constexpr",
                                "--extended-lambda",
                                "-shared",
                                "-Xcompiler",
                                "-fPIC",
                                "-cudart",
                                "shared",
                                "-lineinfo",
                                "-arch=" + r.arch,
                                "-I" + fs::absolute(r.source).parent_path().string()};
  for (const fs::path& d : r.include_dirs) f.push_back("-I" + fs::absolute(d).string());
  // Last: a solve.h of the user's own (next to the file or in -I) wins over the judge's.
  if (!r.binding.solve_header.empty()) f.push_back("-I" + solve_header_dir(r.binding.solve_header).string());
  return f;
}

// nvcc names the user's file by the absolute path we included, and its summary line names our
// generated wrapper: show the user's own name for both. Errors first, then the cut
// (compile/compile_log.hpp); nvcc itself keeps the toolkit's warnings out.
std::string clean_log(std::string log, const CompileRequest& r, const fs::path& wrapper) {
  for (const std::string& from : {fs::absolute(r.source).string(), wrapper.string()}) {
    // Search on after each replacement: the display name may itself be the absolute path.
    for (std::size_t pos = log.find(from); pos != std::string::npos; pos = log.find(from, pos + r.display_name.size()))
      log.replace(pos, from.size(), r.display_name);
  }
  return tidy_compile_log(log, LogOptions{});
}

bool write_file(const fs::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary);
  f << text;
  return static_cast<bool>(f);
}

}  // namespace

Result<fs::path> find_nvcc() {
  if (const char* e = std::getenv("JUDGE_NVCC"); e && *e) {
    if (is_executable(e)) return fs::path(e);
    return make_error(fmt::format("JUDGE_NVCC={} is not an executable", e));
  }
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string d; std::getline(dirs, d, ':');) {
      if (!d.empty() && is_executable(fs::path(d) / "nvcc")) return fs::path(d) / "nvcc";
    }
  }
  if (const char* home = std::getenv("CUDA_HOME"); home && is_executable(fs::path(home) / "bin/nvcc"))
    return fs::path(home) / "bin/nvcc";
  if (is_executable("/usr/local/cuda/bin/nvcc")) return fs::path("/usr/local/cuda/bin/nvcc");
  return make_error("nvcc not found: install the CUDA toolkit, add its bin/ to PATH, or set JUDGE_NVCC");
}

Result<std::string> nvcc_version() {
  static std::optional<Result<std::string>> cached;
  if (cached) return *cached;
  auto nvcc = find_nvcc();
  if (!nvcc) return *(cached = Result<std::string>(nvcc.error()));
  util::SpawnOptions o;
  o.argv = {nvcc->string(), "--version"};
  auto run = util::run_captured(o, 30000);
  if (!run || !run->status.exited || run->status.code != 0)
    return *(cached = Result<std::string>(make_error(fmt::format("{} --version failed", nvcc->string()))));
  std::smatch m;
  const std::string& text = run->out.text;
  static const std::regex re(R"(release [0-9.]+, V[0-9.]+)");
  cached = std::regex_search(text, m, re) ? Result<std::string>(m.str()) : Result<std::string>(text);
  return *cached;
}

fs::path artifact_path(const std::string& engine, const std::string& key) {
  return util::cache_root() / "artifacts" / (engine + "-" + key + ".so");
}

CompileOutcome compile_nvcc(const CompileRequest& r) {
  CompileOutcome out;
  out.engine = "nvcc";
  const auto start = std::chrono::steady_clock::now();
  auto fail = [&](CompileOutcome::Status s, std::string log) {
    out.status = s;
    out.log = std::move(log);
    return out;
  };
  auto nvcc = find_nvcc();
  if (!nvcc) return fail(CompileOutcome::Status::tool_error, nvcc.error().message);
  auto version = nvcc_version();
  if (!version) return fail(CompileOutcome::Status::tool_error, version.error().message);

  const std::string wrapper_text = make_trampoline_source(fs::absolute(r.source), r.binding) + r.binding.solve_header;
  const std::vector<std::string> flags = nvcc_flags(r);
  auto key = artifact_key(r.source, r.include_dirs, wrapper_text, "nvcc", flags, *version);
  if (!key) return fail(CompileOutcome::Status::compile_error, key.error().message);

  const fs::path artifact = artifact_path("nvcc", *key);
  const fs::path dir = artifact.parent_path();
  std::error_code ec;
  fs::create_directories(dir, ec);
  out.artifact = artifact;
  if (r.use_cache && fs::exists(artifact)) {
    out.cached = true;
    return out;
  }
  // Build under a unique temporary name, then rename: concurrent judges never see half a file.
  const std::string tmp_stem = fmt::format("{}.tmp{}", *key, ::getpid());
  const fs::path wrapper = dir / (tmp_stem + ".cu");
  const fs::path tmp_so = dir / (tmp_stem + ".so");
  if (!r.binding.solve_header.empty())
    if (auto dir = write_solve_header(r.binding.solve_header); !dir)
      return fail(CompileOutcome::Status::tool_error, dir.error().message);
  if (!write_file(wrapper, make_trampoline_source(fs::absolute(r.source), r.binding)))
    return fail(CompileOutcome::Status::tool_error, fmt::format("cannot write {}", wrapper.string()));
  util::SpawnOptions o;
  o.argv = {nvcc->string()};
  o.argv.insert(o.argv.end(), flags.begin(), flags.end());
  o.argv.insert(o.argv.end(), {"-o", tmp_so.string(), wrapper.string()});
  o.capture_cap_bytes = 256 * 1024;
  auto run = util::run_captured(o, r.timeout_ms);
  fs::remove(wrapper, ec);
  out.compile_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!run) return fail(CompileOutcome::Status::tool_error, run.error().message);
  out.log = clean_log(run->out.text + run->err.text, r, wrapper);
  if (run->timed_out) {
    fs::remove(tmp_so, ec);
    return fail(CompileOutcome::Status::compile_error,
                fmt::format("compilation took longer than {} s and was stopped", r.timeout_ms / 1000));
  }
  if (!run->status.exited || run->status.code != 0) {
    fs::remove(tmp_so, ec);
    return fail(CompileOutcome::Status::compile_error,
                out.log.empty() ? "nvcc failed: " + run->status.describe() : out.log);
  }
  fs::rename(tmp_so, artifact, ec);
  if (ec)
    return fail(CompileOutcome::Status::tool_error,
                fmt::format("cannot store {}: {}", artifact.string(), ec.message()));
  return out;
}

}  // namespace judge::compile
