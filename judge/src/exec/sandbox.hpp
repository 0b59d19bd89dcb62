// Containment of the runner (docs/security.md): kernel features applied in two steps, each one
// detected and recorded, so a machine that lacks one still judges and says what is missing.
//   1. enter_namespaces, first thing in the runner (one thread, no CUDA yet): new user, PID,
//      mount, network and IPC namespaces; the runner continues as PID 2 under a small init.
//   2. restrict_process, after CUDA is initialised and before the solution is loaded: resource
//      limits, no new privileges, no capabilities, Landlock, a seccomp filter.
// The judge's side (a child subreaper that kills escaped descendants, the scratch directory,
// die-with-the-judge) lives in util/subprocess and exec/runner.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace judge::exec {

// One goal of the containment ("no network"), whether it holds on this machine, and how (the
// mechanism) or why not (the missing kernel feature, with the error).
struct Protection {
  std::string name;
  bool applied = false;
  std::string how;
};

struct SandboxReport {
  std::vector<Protection> protections;
  bool complete() const;
  // "no network (…); filesystem (…)": the missing ones, for one line of output; empty if none.
  std::string missing_line() const;
  nlohmann::json to_json() const;
  static SandboxReport from_json(const nlohmann::json& j);
};

// Mechanisms switched off with JUDGE_SANDBOX_DISABLE (comma-separated: namespaces, landlock,
// seccomp, limits, or all), to find which one a machine's driver or container disagrees with.
struct SandboxSwitches {
  bool namespaces = true, landlock = true, seccomp = true, limits = true;
  static SandboxSwitches from_env();
};

// What was applied, mechanism by mechanism; report() turns it into goals.
struct SandboxState {
  SandboxSwitches switches;
  uid_t outer_uid = 0;                  // the judge's user: the kernel never applies RLIMIT_NPROC to uid 0
  pid_t judge_pid = 0, judge_pgid = 0;  // the runner's parent, seen before any namespace (seccomp)
  bool user_ns = false, pid_ns = false, net_ns = false, ipc_ns = false, private_proc = false;
  std::string ns_error, proc_error;
  int landlock_abi = 0;  // 0: none; probed at step 1, used at step 2
  std::string landlock_probe_error;
  bool restricted = false;  // step 2 ran (else the landlock/seccomp fields are predictions)
  bool landlock_fs = false, landlock_net = false, landlock_scope = false;
  std::string landlock_error;
  bool seccomp = false;
  std::string seccomp_error;
  bool no_new_privs = false, caps_dropped = false, nproc_limit = false, memory_limit = false;
  std::string limits_error;
  bool die_with_judge = false;
  std::filesystem::path scratch;  // cwd and TMPDIR; empty: none was given

  SandboxReport report() const;
};

// Step 1. Forks twice when a PID namespace is made; only the runner returns from it. The
// process that called it stays outside, waits and ends as the runner ends (same exit code or
// signal), so the judge sees the runner's own end.
void enter_namespaces(SandboxState& state);

struct RestrictOptions {
  std::vector<std::filesystem::path> readable;  // besides the system folders: the artifact, the judge
};

// Step 2. Applies what it can and records the rest in `state`.
void restrict_process(SandboxState& state, const RestrictOptions& options);

}  // namespace judge::exec
