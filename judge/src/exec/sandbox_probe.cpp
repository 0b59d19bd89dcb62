#include "exec/sandbox_probe.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>

#include "exec/scratch_dir.hpp"
#include "util/subprocess.hpp"

namespace judge::exec {

int sandbox_probe_main(const std::string& scratch) {
  SandboxState s;
  s.switches = SandboxSwitches::from_env();
  enter_namespaces(s);
  if (::chdir(scratch.c_str()) == 0) s.scratch = scratch;
  restrict_process(s, {});
  fmt::print("{}\n", s.report().to_json().dump());
  return 0;
}

Result<SandboxReport> probe_sandbox(const std::string& executable) {
  auto scratch = ScratchDir::create();
  if (!scratch) return scratch.error();
  util::SpawnOptions o;
  o.argv = {executable.empty() ? std::filesystem::read_symlink("/proc/self/exe").string() : executable,
            "__sandbox-probe", "--scratch", scratch->path().string()};
  o.die_with_parent = true;
  auto run = util::run_captured(o, 10000);
  if (!run) return run.error();
  if (!run->status.exited || run->status.code != 0)
    return make_error(fmt::format("the sandbox probe failed ({}): {}", run->status.describe(), run->err.text));
  try {
    return SandboxReport::from_json(nlohmann::json::parse(run->out.text));
  } catch (const nlohmann::json::exception& e) {
    return make_error(fmt::format("the sandbox probe printed no report ({}): {}", e.what(), run->out.text));
  }
}

}  // namespace judge::exec
