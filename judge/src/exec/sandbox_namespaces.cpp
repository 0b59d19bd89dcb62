// Step 1 of the sandbox (sandbox.hpp): namespaces, and the two small processes that hold them.
#include <fcntl.h>
#include <fmt/format.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "exec/landlock.hpp"
#include "exec/sandbox.hpp"

namespace judge::exec {
namespace {

bool write_file(const char* path, const std::string& text) {
  const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return ok;
}

// Maps one id inside to our own id outside (all an unprivileged process may map). Root outside
// becomes 1000 inside, so a program the solution executes gets no capabilities from uid 0.
std::string map_user_ids() {
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  const unsigned inner_uid = uid == 0 ? 1000 : uid, inner_gid = gid == 0 ? 1000 : gid;
  if (!write_file("/proc/self/setgroups", "deny")) return fmt::format("setgroups: {}", std::strerror(errno));
  if (!write_file("/proc/self/uid_map", fmt::format("{} {} 1", inner_uid, uid)))
    return fmt::format("uid_map: {}", std::strerror(errno));
  if (!write_file("/proc/self/gid_map", fmt::format("{} {} 1", inner_gid, gid)))
    return fmt::format("gid_map: {}", std::strerror(errno));
  return "";
}

void close_all_fds(int keep) {
  for (int fd = 0; fd < 1024; ++fd) {
    if (fd != keep) ::close(fd);
  }
#ifdef SYS_close_range
  ::syscall(SYS_close_range, 1024U, ~0U, 0U);
#endif
}

// Ends this process the way `status` says its child ended: same exit code, or same signal.
[[noreturn]] void end_like(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    ::signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
    ::raise(sig);
    ::_exit(128 + sig);
  }
  ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 125);
}

// The outer process (outside the PID namespace): waits for the namespace's init, which writes
// the runner's wait status into `from_init` before it ends. The init of a PID namespace cannot
// end itself by a signal, hence the pipe.
[[noreturn]] void outer_wait(pid_t init, int from_init) {
  close_all_fds(from_init);
  int status = 0;
  while (::waitpid(init, &status, 0) < 0 && errno == EINTR) {
  }
  int runner_status = 0;
  if (::read(from_init, &runner_status, sizeof runner_status) == sizeof runner_status) end_like(runner_status);
  end_like(status);
}

// PID 1 of the namespace: reaps orphans until the runner (PID 2) ends, then reports how it
// ended and exits, which makes the kernel kill every process left in the namespace.
[[noreturn]] void init_wait(pid_t runner, int to_outer) {
  close_all_fds(to_outer);
  for (;;) {
    int status = 0;
    const pid_t p = ::waitpid(-1, &status, 0);
    if (p < 0 && errno == EINTR) continue;
    if (p < 0 || p == runner) {
      (void)!::write(to_outer, &status, sizeof status);
      ::_exit(0);
    }
  }
}

// A /proc of the new PID namespace, so the judge's processes are not listed and /proc/<pid>
// agrees with getpid(). Fails in containers that mask parts of /proc.
std::string mount_private_proc() {
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    return fmt::format("making / private: {}", std::strerror(errno));
  if (::mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
    return fmt::format("mounting /proc: {}", std::strerror(errno));
  return "";
}

}  // namespace

void enter_namespaces(SandboxState& s) {
  s.outer_uid = ::geteuid();
  s.judge_pid = ::getppid();
  s.judge_pgid = ::getpgid(s.judge_pid);
  int pdeath = 0;
  s.die_with_judge = ::prctl(PR_GET_PDEATHSIG, &pdeath) == 0 && pdeath == SIGKILL;
  if (auto abi = landlock_abi())
    s.landlock_abi = *abi;
  else
    s.landlock_probe_error = abi.error().message;
  if (!s.switches.namespaces) {
    s.ns_error = "switched off by JUDGE_SANDBOX_DISABLE";
    return;
  }
  constexpr int kOthers = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC;
  if (::unshare(CLONE_NEWUSER | kOthers) == 0) {
    s.user_ns = s.pid_ns = s.net_ns = s.ipc_ns = true;
    s.ns_error = map_user_ids();  // without a map the runner is "nobody" inside; it still works
  } else {
    const int user_errno = errno;
    if (::unshare(kOthers) == 0) {  // root with CAP_SYS_ADMIN, where user namespaces are refused
      s.pid_ns = s.net_ns = s.ipc_ns = true;
      s.ns_error = fmt::format("user namespace: {}", std::strerror(user_errno));
    } else {
      s.ns_error =
          fmt::format("unshare: {}; without a user namespace: {}", std::strerror(user_errno), std::strerror(errno));
      return;
    }
  }
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) ::_exit(125);
  const pid_t init = ::fork();
  if (init < 0) ::_exit(125);
  if (init > 0) outer_wait(init, pipe_fds[0]);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  s.proc_error = mount_private_proc();
  s.private_proc = s.proc_error.empty();
  const pid_t runner = ::fork();
  if (runner < 0) ::_exit(125);
  if (runner > 0) init_wait(runner, pipe_fds[1]);
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
}

}  // namespace judge::exec
