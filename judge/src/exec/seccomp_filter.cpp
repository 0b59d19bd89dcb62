#include "exec/seccomp_filter.hpp"

#include <fmt/format.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace judge::exec {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t kArch = 0;
#endif

using Program = std::vector<sock_filter>;

constexpr std::uint32_t kDeny = SECCOMP_RET_ERRNO | EPERM;
constexpr std::uint32_t kNrOffset = offsetof(seccomp_data, nr);
constexpr std::uint32_t kArg0Offset = offsetof(seccomp_data, args);  // low 32 bits (little endian)

sock_filter load(std::uint32_t offset) {
  return BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset);
}
sock_filter ret(std::uint32_t action) {
  return BPF_STMT(BPF_RET | BPF_K, action);
}
sock_filter jump_if_equal(std::uint32_t value, std::uint8_t if_true, std::uint8_t if_false) {
  return BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, if_true, if_false);
}

// The system call `nr` is denied.
void deny(Program& p, long nr) {
  p.push_back(load(kNrOffset));
  p.push_back(jump_if_equal(static_cast<std::uint32_t>(nr), 0, 1));
  p.push_back(ret(kDeny));
}

// The system call `nr` is denied when its first argument is one of `values`, else allowed.
void deny_first_arg(Program& p, long nr, const std::vector<std::uint32_t>& values) {
  p.push_back(load(kNrOffset));
  p.push_back(jump_if_equal(static_cast<std::uint32_t>(nr), 0, static_cast<std::uint8_t>(2 * values.size() + 2)));
  p.push_back(load(kArg0Offset));
  for (std::uint32_t v : values) {
    p.push_back(jump_if_equal(v, 0, 1));
    p.push_back(ret(kDeny));
  }
  p.push_back(ret(SECCOMP_RET_ALLOW));
}

Program build(pid_t judge_pid, pid_t judge_pgid) {
  Program p;
  p.push_back(load(offsetof(seccomp_data, arch)));
  p.push_back(jump_if_equal(kArch, 1, 0));
  p.push_back(ret(SECCOMP_RET_KILL_PROCESS));  // another ABI (i386 through int 0x80) would bypass the rest
#if defined(__x86_64__)
  p.push_back(load(kNrOffset));  // x32 system calls: numbers with bit 30 set
  p.push_back(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  p.push_back(ret(kDeny));
#endif
  deny(p, SYS_ptrace);
  deny(p, SYS_process_vm_readv);
  deny(p, SYS_process_vm_writev);
  const auto judge = static_cast<std::uint32_t>(judge_pid);
  const auto group = static_cast<std::uint32_t>(-judge_pgid);
  deny_first_arg(p, SYS_kill, {judge, group, 0xffffffffu /* -1: every process */});
  deny_first_arg(p, SYS_tkill, {judge});
  deny_first_arg(p, SYS_tgkill, {judge});
  deny_first_arg(p, SYS_rt_sigqueueinfo, {judge, group});
  deny_first_arg(p, SYS_rt_tgsigqueueinfo, {judge});
  deny_first_arg(p, SYS_pidfd_open, {judge});
  deny_first_arg(p, SYS_socket, {AF_INET, AF_INET6, AF_PACKET});
  p.push_back(ret(SECCOMP_RET_ALLOW));
  return p;
}

}  // namespace

Status apply_seccomp_filter(pid_t judge_pid, pid_t judge_pgid) {
  if (kArch == 0) return make_error("no seccomp filter for this processor architecture");
  Program p = build(judge_pid, judge_pgid);
  sock_fprog prog{static_cast<unsigned short>(p.size()), p.data()};
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) == 0) return Ok{};
  const int e = errno;
  // Without TSYNC (or seccomp(2) itself), the calling thread and what it starts are still covered.
  if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0) return Ok{};
  return make_error(fmt::format("seccomp: {}", std::strerror(e)));
}

}  // namespace judge::exec
