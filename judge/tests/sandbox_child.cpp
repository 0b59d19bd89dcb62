// A stand-in for the runner in the GPU-free sandbox tests (sandbox_test.cpp): sets the sandbox up
// exactly as `judge __runner` does, without CUDA, then tries one hostile thing and prints what
// happened as one word on stdout ("blocked", "allowed", a count). The first line is the report.
//   sandbox_child --scratch DIR ACTION [ARG]
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "exec/sandbox.hpp"

namespace {

using judge::exec::SandboxState;

// Children named `name` (comm) that ignore SIGTERM and sleep; with `escape` they leave the
// group (setsid) and their parent exits, so they are re-parented (double fork).
void spawn_sleepers(int count, bool escape) {
  for (int i = 0; i < count; ++i) {
    const pid_t p = ::fork();
    if (p != 0) continue;
    if (escape && ::fork() != 0) ::_exit(0);
    if (escape) ::setsid();
    const int null = ::open("/dev/null", O_RDWR);  // let the judge see the output pipes close
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::prctl(PR_SET_NAME, "sbx-sleeper");
    ::signal(SIGTERM, SIG_IGN);
    for (;;) ::pause();
  }
}

int fork_bomb() {
  int made = 0;
  for (; made < 4096; ++made) {
    const pid_t p = ::fork();
    if (p < 0) break;
    if (p == 0) {
      const int null = ::open("/dev/null", O_RDWR);
      ::dup2(null, 1);
      ::dup2(null, 2);
      ::prctl(PR_SET_NAME, "sbx-sleeper");
      for (;;) ::pause();
    }
  }
  return made;
}

const char* outcome(bool ok) {
  return ok ? "allowed" : "blocked";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || std::strcmp(argv[1], "--scratch") != 0) {
    std::fprintf(stderr, "usage: sandbox_child --scratch DIR ACTION [ARG]\n");
    return 2;
  }
  SandboxState s;
  s.switches = judge::exec::SandboxSwitches::from_env();
  judge::exec::enter_namespaces(s);
  if (::chdir(argv[2]) == 0) s.scratch = argv[2];
  judge::exec::restrict_process(s, {});
  std::printf("%s\n", s.report().to_json().dump().c_str());
  const std::string action = argv[3];
  const char* arg = argc > 4 ? argv[4] : "";
  if (action == "report") {
  } else if (action == "signal-judge") {  // signal 0: the permission check alone, harmless if allowed
    std::printf("%s\n", outcome(::kill(s.judge_pid, 0) == 0));
  } else if (action == "signal-all") {
    std::printf("%s\n", outcome(::kill(-1, 0) == 0 && errno != ESRCH));
  } else if (action == "ptrace-judge") {
    std::printf("%s\n", outcome(::ptrace(PTRACE_ATTACH, s.judge_pid, nullptr, nullptr) == 0));
  } else if (action == "read") {
    const int fd = ::open(arg, O_RDONLY);
    char c;
    std::printf("%s\n", outcome(fd >= 0 && ::read(fd, &c, 1) >= 0));
  } else if (action == "write") {
    const int fd = ::open(arg, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::printf("%s\n", outcome(fd >= 0 && ::write(fd, "x", 1) == 1));
  } else if (action == "connect") {  // to a TCP port the test listens on, on 127.0.0.1
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(std::atoi(arg)));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::printf("%s\n", outcome(fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0));
  } else if (action == "sleepers" || action == "escapers") {
    spawn_sleepers(std::atoi(arg), action == "escapers");
    std::printf("spawned\n");
  } else if (action == "exit") {  // how the runner ends must reach the judge unchanged
    std::fflush(stdout);
    ::_exit(std::atoi(arg));
  } else if (action == "abort") {
    std::fflush(stdout);
    std::abort();
  } else if (action == "fork-bomb") {
    std::printf("%d\n", fork_bomb());
  } else {
    std::fprintf(stderr, "unknown action %s\n", action.c_str());
    return 2;
  }
  std::fflush(stdout);
  return 0;
}
