#include "judging/isolated_compile.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

#include "util/subprocess.hpp"

namespace judge::judging {
namespace fs = std::filesystem;
using Status = compile::CompileOutcome::Status;

namespace {

compile::CompileOutcome outcome(Status status, std::string log) {
  compile::CompileOutcome out;
  out.status = status;
  out.log = std::move(log);
  return out;
}

}  // namespace

compile::CompileOutcome compile_in_child(const compile::CompileRequest& r, const IsolatedCompile& how) {
  util::SpawnOptions o;
  const fs::path exe = how.executable.empty() ? fs::read_symlink("/proc/self/exe") : how.executable;
  if (::access(exe.c_str(), X_OK) != 0)
    return outcome(Status::tool_error,
                   fmt::format("cannot start the compiler process: {}: {}", exe.string(), std::strerror(errno)));
  if (!how.cwd.empty()) o.cwd = how.cwd;
  o.argv = {exe.string(), "--root", how.data_root.string(), "compile", how.challenge, how.file,
            "--arch",     r.arch,   "--compiler",           r.engine,  "--json"};
  for (const fs::path& d : r.include_dirs) o.argv.insert(o.argv.end(), {"-I", fs::absolute(d).string()});
  if (!r.use_cache) o.argv.push_back("--no-cache");
  auto run = util::run_captured(o, how.timeout_ms);
  if (!run) return outcome(Status::tool_error, "cannot start the compiler process: " + run.error().message);
  if (run->timed_out) {
    compile::CompileOutcome out = outcome(
        Status::compile_error, fmt::format("compilation took longer than {} s and was stopped", how.timeout_ms / 1000));
    out.engine = r.engine;  // the child never said which engine it had chosen
    out.compile_ms = run->wall_ms;
    return out;
  }
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(run->out.text);
  } catch (const nlohmann::json::exception&) {
    // No report: the compiler process itself crashed (e.g. inside NVRTC) on this source.
    return outcome(Status::compile_error, fmt::format("the compiler crashed ({}){}", run->status.describe(),
                                                      run->err.text.empty() ? "" : ": " + run->err.text));
  }
  compile::CompileOutcome out = outcome(Status::ok, doc.value("log", std::string()));
  out.engine = doc.value("engine", std::string());
  out.note = doc.value("note", std::string());
  out.cached = doc.value("cached", false);
  out.compile_ms = doc.value("compile_ms", 0.0);
  out.artifact = doc.value("artifact", std::string());
  const std::string status = doc.value("status", std::string());
  if (status == "compile error") out.status = Status::compile_error;
  if (status != "compiled" && status != "compile error") out.status = Status::tool_error;
  return out;
}

compile::CompileOutcome compile_isolated(const compile::CompileRequest& request, const IsolatedCompile& how) {
  compile::CompileOutcome built = compile_in_child(request, how);
  if (built.status != Status::ok) return built;
  std::error_code ec;
  if (built.artifact.empty() || !fs::is_regular_file(built.artifact, ec))
    return outcome(Status::tool_error,
                   fmt::format("the compiler process reported no artifact (\"{}\")", built.artifact.string()));
  // A compile that succeeded carries no log here, as when this artifact was read back from the
  // cache (a cache hit has none): the judged result's compile log stays what it was.
  built.log.clear();
  return built;
}

}  // namespace judge::judging
