// What the sandbox state means for each goal of docs/security.md, in words.
#include <fmt/format.h>

#include <cstdlib>
#include <sstream>

#include "exec/sandbox.hpp"

namespace judge::exec {

SandboxSwitches SandboxSwitches::from_env() {
  SandboxSwitches s;
  const char* env = std::getenv("JUDGE_SANDBOX_DISABLE");
  std::stringstream in(env ? env : "");
  for (std::string item; std::getline(in, item, ',');) {
    const bool all = item == "all";
    if (all || item == "namespaces") s.namespaces = false;
    if (all || item == "landlock") s.landlock = false;
    if (all || item == "seccomp") s.seccomp = false;
    if (all || item == "limits") s.limits = false;
  }
  return s;
}

bool SandboxReport::complete() const {
  for (const Protection& p : protections) {
    if (!p.applied) return false;
  }
  return true;
}

std::string SandboxReport::missing_line() const {
  std::string line;
  for (const Protection& p : protections) {
    if (!p.applied) line += fmt::format("{}{} ({})", line.empty() ? "" : "; ", p.name, p.how);
  }
  return line;
}

nlohmann::json SandboxReport::to_json() const {
  nlohmann::json j = nlohmann::json::array();
  for (const Protection& p : protections) j.push_back({{"name", p.name}, {"applied", p.applied}, {"how", p.how}});
  return j;
}

SandboxReport SandboxReport::from_json(const nlohmann::json& j) {
  SandboxReport r;
  if (!j.is_array()) return r;
  for (const auto& p : j) r.protections.push_back({p.value("name", ""), p.value("applied", false), p.value("how", "")});
  return r;
}

SandboxReport SandboxState::report() const {
  // Before step 2 has run, its part is what the probes of step 1 predict.
  const bool landlock = restricted ? landlock_fs : switches.landlock && landlock_abi >= 1;
  const bool scope = restricted ? landlock_scope : switches.landlock && landlock_abi >= 6;
  const bool filter = restricted ? seccomp : switches.seccomp;
  const std::string landlock_why = !switches.landlock
                                       ? "switched off by JUDGE_SANDBOX_DISABLE"
                                       : (!landlock_error.empty() ? landlock_error : landlock_probe_error);
  const std::string ns_why = ns_error.empty() ? "no namespace" : ns_error;
  SandboxReport r;
  auto add = [&r](std::string name, bool applied, std::string how) {
    r.protections.push_back({std::move(name), applied, std::move(how)});
  };
  if (pid_ns)
    add("signals and ptrace", true, "PID namespace: no process outside the runner's own tree exists for it");
  else if (scope)
    add("signals and ptrace", true, "Landlock scoping: no signal or ptrace to a process outside the sandbox");
  else
    add("signals and ptrace", false,
        fmt::format("no PID namespace ({}) and no Landlock signal scoping ({}){}", ns_why,
                    switches.landlock && landlock_abi >= 1 ? fmt::format("Landlock ABI {}, needs 6", landlock_abi)
                                                           : landlock_why,
                    filter ? "; the seccomp filter still stops signals to the judge itself" : ""));
  add("descendants end with the runner", true,
      pid_ns ? "PID namespace: the kernel kills every process in it when the runner ends"
             : "the judge, a child subreaper, kills descendants that left the runner's group when it ends");
  add("runner dies with the judge", die_with_judge,
      die_with_judge ? "PR_SET_PDEATHSIG" : "PR_SET_PDEATHSIG was not set on the runner");
  add("process list hidden", private_proc,
      private_proc
          ? "a /proc of the runner's own PID namespace"
          : (pid_ns ? proc_error : ns_why) + " (Landlock still denies the judge's /proc/<pid>/mem, fd and environ)");
  if (net_ns)
    add("no network", true, "network namespace: only a loopback interface that is down");
  else if (filter)
    add("no network", true, "seccomp: no internet or packet sockets");
  else
    add("no network", false,
        fmt::format("no network namespace ({}) and no seccomp filter ({})", ns_why,
                    seccomp_error.empty() ? "switched off" : seccomp_error));
  add("System V IPC isolated", ipc_ns, ipc_ns ? "IPC namespace" : ns_why);
  add("filesystem", landlock,
      landlock ? fmt::format("Landlock ABI {}: reads system folders, the driver and the artifact; writes only the "
                             "scratch directory",
                             landlock_abi)
               : landlock_why);
  add("scratch directory", !scratch.empty(),
      scratch.empty() ? "the judge gave the runner none" : "cwd and TMPDIR, removed when the runner ends");
  const bool nproc = restricted ? nproc_limit : switches.limits && user_ns && outer_uid != 0;
  std::string nproc_why = "RLIMIT_NPROC in the runner's user namespace (a fork bomb stops there)";
  if (!switches.limits)
    nproc_why = "switched off by JUDGE_SANDBOX_DISABLE";
  else if (outer_uid == 0)
    nproc_why =
        "the judge runs as root, and the kernel never applies RLIMIT_NPROC to uid 0: run it as an ordinary "
        "user (the time limit and, with a PID namespace, the runner's end still stop a fork bomb)";
  else if (!user_ns)
    nproc_why = "needs a user namespace: outside one, RLIMIT_NPROC counts every process of the user (" + ns_why + ")";
  add("process limit", nproc, nproc_why);
  const bool memory = restricted ? memory_limit : switches.limits;
  add("host memory limit", memory,
      memory ? "RLIMIT_AS: the address space CUDA reserved plus half the machine's memory"
             : (limits_error.empty() ? "switched off by JUDGE_SANDBOX_DISABLE" : limits_error));
  const bool privs = restricted ? no_new_privs && caps_dropped : true;
  add("no privileges", privs, privs ? "no new privileges, no capabilities" : "prctl/capset failed");
  if (filter)
    add("seccomp filter", true, "no ptrace, process_vm_readv/writev, kill(-1) or inet sockets");
  else
    add("seccomp filter", false, seccomp_error.empty() ? "switched off by JUDGE_SANDBOX_DISABLE" : seccomp_error);
  return r;
}

}  // namespace judge::exec
