// The nvrtc engine: the split file's device part becomes a CUBIN with NVRTC (in process, for the
// exact arch), its host part a shared object built by the host compiler against a precompiled
// prelude, with the CUBIN embedded. The artifact exposes the same trampoline as nvcc's.
#include <fmt/format.h>
#include <nvrtc.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "compile/compile_log.hpp"
#include "compile/compiler.hpp"
#include "compile/host_prelude.hpp"
#include "compile/nvrtc_predefined.hpp"
#include "compile/nvrtc_shims.hpp"
#include "compile/source_hash.hpp"
#include "compile/splitter.hpp"
#include "util/cache_root.hpp"
#include "util/sha256.hpp"
#include "util/subprocess.hpp"

namespace judge::compile {
namespace fs = std::filesystem;

namespace {

constexpr int kMaxLogLines = 40;
// What NVRTC calls the predefined names put before the user's device part.
constexpr std::string_view kPredefinedName = "<judge nvrtc predefined>";

bool write_bytes(const fs::path& p, std::string_view bytes) {
  std::ofstream f(p, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

Result<fs::path> find_on_path(const std::string& name) {
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string d; std::getline(dirs, d, ':');)
      if (!d.empty() && ::access((fs::path(d) / name).c_str(), X_OK) == 0) return fs::path(d) / name;
  }
  return make_error(name + " not found on PATH");
}

// The CUDA toolkit root: the folder above nvcc's bin/.
fs::path cuda_root() {
  auto nvcc = find_nvcc();
  return nvcc ? fs::weakly_canonical(*nvcc).parent_path().parent_path() : fs::path("/usr/local/cuda");
}

// Logs point at generated files and may run long: name the user's file, leave out what the
// judge's own text and the toolkit's headers warn about, errors first (compile/compile_log.hpp).
std::string trim_log(std::string log, const std::vector<std::pair<std::string, std::string>>& renames) {
  for (const auto& [from, to] : renames) {
    if (from.empty()) continue;
    for (std::size_t pos = log.find(from); pos != std::string::npos; pos = log.find(from, pos + to.size()))
      log.replace(pos, from.size(), to);
  }
  LogOptions o;
  o.max_lines = kMaxLogLines;
  o.judge_files = {"judge_nvrtc_prelude.hpp", std::string(kPredefinedName), std::string(kTrampolineName)};
  for (const auto& [name, text] : nvrtc_shim_headers()) o.judge_files.push_back(name);
  o.judge_folders = {(cuda_root() / "include").string()};
  return tidy_compile_log(log, o);
}

std::vector<std::string> nvrtc_options(const CompileRequest& r) {
  // 177 (declared but never referenced): constants that only host code uses are in the device
  // part too, and would warn there although nvcc, seeing both uses, says nothing.
  std::vector<std::string> o = {"--gpu-architecture=" + r.arch,
                                "-std=c++17",
                                "-lineinfo",
                                "--diag-suppress=177",
                                "-I" + (cuda_root() / "include").string(),
                                "-I" + fs::absolute(r.source).parent_path().string()};
  // CUDA 13 keeps libcu++ (cuda/std/...), which cooperative_groups needs, in include/cccl.
  if (std::error_code ec; fs::is_directory(cuda_root() / "include" / "cccl", ec))
    o.push_back("-I" + (cuda_root() / "include" / "cccl").string());
  for (const fs::path& d : r.include_dirs) o.push_back("-I" + fs::absolute(d).string());
  return o;
}

// Flags shared by the precompiled prelude and the host part (a PCH needs the same ones).
std::vector<std::string> host_flags() {
  std::vector<std::string> f = {"-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden",
                                "-I" + (cuda_root() / "include").string()};
  // libcu++ (<cuda/std/...>, which cooperative_groups' headers include too) for the host half,
  // as nvcc finds it.
  if (std::error_code ec; fs::is_directory(cuda_root() / "include" / "cccl", ec))
    f.push_back("-I" + (cuda_root() / "include" / "cccl").string());
  return f;
}

struct DeviceCode {
  std::string cubin;
  std::vector<std::string> lowered;
  std::string log;
  bool ok = false;
};

#define JUDGE_NVRTC_CHECK(call)                                                                         \
  do {                                                                                                  \
    if (nvrtcResult rc_ = (call); rc_ != NVRTC_SUCCESS) {                                               \
      d.log = fmt::format("{}:{}: {} failed: {}", __FILE__, __LINE__, #call, nvrtcGetErrorString(rc_)); \
      return d;                                                                                         \
    }                                                                                                   \
  } while (0)

DeviceCode compile_device(const CompileRequest& r, const SplitResult& split) {
  DeviceCode d;
  const std::string source =
      fmt::format("#line 1 \"{}\"\n{}{}#line 1 \"{}\"\n{}", kPredefinedName, nvrtc_predefined_text(),
                  // std::numeric_limits needs no include under nvcc either; libcu++'s costs NVRTC
                  // about 40 ms, so only files that name it load it.
                  split.device_source.find("numeric_limits") != std::string::npos ? "#include <limits>\n" : "",
                  r.display_name, split.device_source);
  const auto& shims = nvrtc_shim_headers();
  std::vector<const char*> header_text, header_names;
  for (const auto& [name, text] : shims) {
    header_names.push_back(name.c_str());
    header_text.push_back(text.c_str());
  }
  nvrtcProgram prog = nullptr;
  JUDGE_NVRTC_CHECK(nvrtcCreateProgram(&prog, source.c_str(), r.display_name.c_str(), static_cast<int>(shims.size()),
                                       header_text.data(), header_names.data()));
  std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> guard(&prog, [](nvrtcProgram* p) { nvrtcDestroyProgram(p); });
  for (const NameExpression& n : split.names) JUDGE_NVRTC_CHECK(nvrtcAddNameExpression(prog, n.text.c_str()));
  const std::vector<std::string> options = nvrtc_options(r);
  std::vector<const char*> argv;
  for (const std::string& o : options) argv.push_back(o.c_str());
  const nvrtcResult compiled = nvrtcCompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  std::size_t log_size = 0;
  nvrtcGetProgramLogSize(prog, &log_size);
  std::string log(log_size, '\0');
  if (log_size) nvrtcGetProgramLog(prog, log.data());
  while (!log.empty() && log.back() == '\0') log.pop_back();
  d.log = log;
  if (compiled != NVRTC_SUCCESS) return d;
  std::size_t cubin_size = 0;
  JUDGE_NVRTC_CHECK(nvrtcGetCUBINSize(prog, &cubin_size));
  d.cubin.resize(cubin_size);
  JUDGE_NVRTC_CHECK(nvrtcGetCUBIN(prog, d.cubin.data()));
  for (const NameExpression& n : split.names) {
    const char* lowered = nullptr;
    JUDGE_NVRTC_CHECK(nvrtcGetLoweredName(prog, n.text.c_str(), &lowered));
    d.lowered.emplace_back(lowered);
  }
  d.ok = true;
  return d;
}

// The prelude and its precompiled form, built once per prelude text, flags and compilers.
Result<fs::path> precompiled_prelude(const fs::path& cxx, const std::string& toolchain, int timeout_ms) {
  util::Sha256 h;
  h.update(host_prelude_text());
  for (const std::string& f : host_flags()) h.update(f + "\n");
  h.update(toolchain);
  const fs::path dir = util::cache_root() / "pch" / h.hex_digest().substr(0, 24);
  const fs::path header = dir / "judge_nvrtc_prelude.hpp";
  const fs::path gch = dir / "judge_nvrtc_prelude.hpp.gch";
  std::error_code ec;
  if (fs::exists(gch, ec)) return header;
  fs::create_directories(dir, ec);
  const fs::path tmp_header = dir / fmt::format("prelude.tmp{}.hpp", ::getpid());
  if (!write_bytes(tmp_header, host_prelude_text()))
    return make_error(fmt::format("cannot write {}", tmp_header.string()));
  fs::rename(tmp_header, header, ec);
  const fs::path tmp_gch = dir / fmt::format("prelude.tmp{}.gch", ::getpid());
  util::SpawnOptions o;
  o.argv = {cxx.string()};
  for (const std::string& f : host_flags()) o.argv.push_back(f);
  o.argv.insert(o.argv.end(), {"-x", "c++-header", header.string(), "-o", tmp_gch.string()});
  auto run = util::run_captured(o, timeout_ms);
  if (!run || !run->status.exited || run->status.code != 0) {
    fs::remove(tmp_gch, ec);
    // Without the PCH the host part still compiles, only slower.
    return header;
  }
  fs::rename(tmp_gch, gch, ec);
  return header;
}

}  // namespace

Result<fs::path> find_host_compiler() {
  if (const char* e = std::getenv("JUDGE_CXX"); e && *e) {
    if (::access(e, X_OK) == 0) return fs::path(e);
    return make_error(fmt::format("JUDGE_CXX={} is not an executable", e));
  }
  if (auto gxx = find_on_path("g++")) return gxx;
  if (auto cxx = find_on_path("c++")) return cxx;
  return make_error("no host C++ compiler (g++ or c++) on PATH: install one or set JUDGE_CXX");
}

namespace {

// gold links the shared object in about half the time of the default ld.bfd (30 against 57 ms
// on the development machine), and the link waits for NVRTC: use it where it is installed.
const std::vector<std::string>& linker_flags() {
  static const std::vector<std::string> flags =
      find_on_path("ld.gold") ? std::vector<std::string>{"-fuse-ld=gold"} : std::vector<std::string>{};
  return flags;
}

}  // namespace

Result<std::string> nvrtc_toolchain_version() {
  static std::optional<Result<std::string>> cached;
  if (cached) return *cached;
  int major = 0, minor = 0;
  nvrtcVersion(&major, &minor);
  auto cxx = find_host_compiler();
  if (!cxx) return *(cached = Result<std::string>(cxx.error()));
  util::SpawnOptions o;
  o.argv = {cxx->string(), "--version"};
  auto run = util::run_captured(o, 30000);
  if (!run || !run->status.exited || run->status.code != 0)
    return *(cached = Result<std::string>(make_error(fmt::format("{} --version failed", cxx->string()))));
  const std::string first_line = run->out.text.substr(0, run->out.text.find('\n'));
  cached = Result<std::string>(
      fmt::format("nvrtc {}.{}; {}{}", major, minor, first_line, linker_flags().empty() ? "" : "; ld.gold"));
  return *cached;
}

CompileOutcome compile_nvrtc(const CompileRequest& r, const SplitResult& split) {
  CompileOutcome out;
  out.engine = "nvrtc";
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  auto fail = [&](CompileOutcome::Status s, std::string log) {
    out.status = s;
    out.log = std::move(log);
    out.compile_ms = elapsed();
    return out;
  };
  if (!split.unsupported.empty())
    return fail(CompileOutcome::Status::tool_error,
                fmt::format("{}:{}: the nvrtc engine cannot compile this file: {}; use --compiler auto or nvcc\n",
                            split.unsupported.front().file.empty() ? r.display_name : split.unsupported.front().file,
                            split.unsupported.front().line, split.unsupported.front().construct));
  auto cxx = find_host_compiler();
  if (!cxx) return fail(CompileOutcome::Status::tool_error, cxx.error().message);
  auto toolchain = nvrtc_toolchain_version();
  if (!toolchain) return fail(CompileOutcome::Status::tool_error, toolchain.error().message);

  std::vector<std::string> flags = nvrtc_options(r);
  for (const std::string& f : host_flags()) flags.push_back("host:" + f);
  const std::string wrapper_text = nvrtc_predefined_text() + host_prelude_text() + host_trampoline(r.binding) +
                                   host_tables(split.names, {}, "cubin") + r.binding.solve_header;
  auto key = artifact_key(r.source, r.include_dirs, wrapper_text, "nvrtc", flags, *toolchain);
  if (!key) return fail(CompileOutcome::Status::compile_error, key.error().message);
  const fs::path artifact = artifact_path("nvrtc", *key);
  out.artifact = artifact;
  std::error_code ec;
  if (r.use_cache && fs::exists(artifact, ec)) {
    out.cached = true;
    out.compile_ms = elapsed();
    return out;
  }
  fs::create_directories(artifact.parent_path(), ec);

  const std::vector<std::pair<std::string, std::string>> renames = {{fs::absolute(r.source).string(), r.display_name}};
  auto prelude = precompiled_prelude(*cxx, *toolchain, r.timeout_ms);
  if (!prelude) return fail(CompileOutcome::Status::tool_error, prelude.error().message);
  const fs::path stem = artifact.parent_path() / fmt::format("nvrtc-{}.tmp{}", *key, ::getpid());
  const fs::path cubin = stem.string() + ".cubin", host = stem.string() + ".cpp", host_obj = stem.string() + ".o",
                 tables = stem.string() + ".tables.s", tmp_so = stem.string() + ".so";
  auto cleanup = [&] {
    for (const fs::path& p : {cubin, host, host_obj, tables}) fs::remove(p, ec);
  };
  const std::string host_text =
      fmt::format("#line 1 \"{}\"\n{}{}", r.display_name, split.host_source, host_trampoline(r.binding));
  if (!write_bytes(host, host_text))
    return fail(CompileOutcome::Status::tool_error, fmt::format("cannot write {}", host.string()));

  // The host part needs nothing from NVRTC: g++ compiles it in a child process while NVRTC
  // compiles the device part in this one. Only the tables TU waits for the CUBIN.
  util::SpawnOptions o;
  o.argv = {cxx->string()};
  for (const std::string& f : host_flags()) o.argv.push_back(f);
  o.argv.push_back("-I" + fs::absolute(r.source).parent_path().string());
  for (const fs::path& d : r.include_dirs) o.argv.push_back("-I" + fs::absolute(d).string());
  o.argv.insert(o.argv.end(), {"-include", prelude->string(), "-c", "-o", host_obj.string(), host.string()});
  o.capture_cap_bytes = 256 * 1024;
  Result<util::CapturedRun> host_run = make_error("host compiler not run");
  std::thread host_thread([&] { host_run = util::run_captured(o, r.timeout_ms); });
  const DeviceCode device = compile_device(r, split);
  host_thread.join();

  auto failed = [](const Result<util::CapturedRun>& run) {
    return !run || run->timed_out || !run->status.exited || run->status.code != 0;
  };
  auto host_failure = [&](const Result<util::CapturedRun>& run) {
    cleanup();
    fs::remove(tmp_so, ec);
    if (!run) return fail(CompileOutcome::Status::tool_error, run.error().message);
    if (run->timed_out)
      return fail(CompileOutcome::Status::compile_error,
                  fmt::format("compilation took longer than {} s and was stopped", r.timeout_ms / 1000));
    const std::string log = trim_log(device.log + run->out.text + run->err.text, renames);
    return fail(CompileOutcome::Status::compile_error, log.empty() ? "host compiler failed" : log);
  };
  // The device log first: with both halves wrong, NVRTC's messages are about the user's kernels.
  if (!device.ok) {
    cleanup();
    return fail(CompileOutcome::Status::compile_error, trim_log(device.log, renames));
  }
  if (failed(host_run)) return host_failure(host_run);

  if (!write_bytes(cubin, device.cubin) || !write_bytes(tables, host_tables(split.names, device.lowered, cubin))) {
    cleanup();
    return fail(CompileOutcome::Status::tool_error, fmt::format("cannot write {}", stem.string()));
  }
  const fs::path lib = cuda_root() / "lib64";
  auto link_with = [&](const std::vector<std::string>& linker) {
    util::SpawnOptions link;
    link.argv = {cxx->string()};
    for (const std::string& f : host_flags()) link.argv.push_back(f);
    for (const std::string& f : linker) link.argv.push_back(f);
    link.argv.insert(link.argv.end(), {"-shared", "-o", tmp_so.string(), host_obj.string(), tables.string(),
                                       "-L" + lib.string(), "-lcudart", "-Wl,-rpath," + lib.string()});
    link.capture_cap_bytes = 256 * 1024;
    return util::run_captured(link, r.timeout_ms);
  };
  auto linked = link_with(linker_flags());
  // A gold that g++ cannot drive must not fail every compile: the default linker has the last word.
  if (failed(linked) && !linker_flags().empty() && !(linked && linked->timed_out)) linked = link_with({});
  if (failed(linked)) return host_failure(linked);
  cleanup();
  const std::string log = trim_log(device.log + host_run->out.text + host_run->err.text, renames);
  fs::rename(tmp_so, artifact, ec);
  if (ec)
    return fail(CompileOutcome::Status::tool_error,
                fmt::format("cannot store {}: {}", artifact.string(), ec.message()));
  out.log = log;
  out.compile_ms = elapsed();
  return out;
}

}  // namespace judge::compile
