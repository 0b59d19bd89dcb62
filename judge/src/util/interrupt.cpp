#include "util/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

#include "util/subprocess.hpp"

namespace judge::util {
namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_wake_fd{-1};  // the write end of the pipe the interrupt thread reads
std::atomic<int> g_progress_fd{-1};

std::mutex& output_mutex() {
  static std::mutex m;
  return m;
}

std::mutex& cleanups_mutex() {
  static std::mutex m;
  return m;
}

std::vector<std::function<void()>>& cleanups() {
  static std::vector<std::function<void()>> c;
  return c;
}

// Async-signal-safe only: atomics, write(2), kill(2), _exit(2).
extern "C" void on_signal(int) {
  const int saved_errno = errno;
  const int fd = g_wake_fd.load();
  const char byte = 1;
  // A second signal, or no thread to do the work: stop the children and exit now.
  if (g_interrupted.exchange(true) || fd < 0 || ::write(fd, &byte, 1) != 1) {
    kill_all_child_groups();
    ::_exit(130);
  }
  errno = saved_errno;
}

// Points stdout and stderr at /dev/null; returns copies of what they were (-1 where none).
std::pair<int, int> silence_output() {
  const std::pair<int, int> saved{::fcntl(1, F_DUPFD_CLOEXEC, 3), ::fcntl(2, F_DUPFD_CLOEXEC, 3)};
  const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0) {
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::close(null);
  }
  return saved;
}

[[noreturn]] void finish_interrupt() {
  output_mutex().lock();  // output being written is completed first; never unlocked
  const auto [out, err] = silence_output();
  stop_all_children();
  std::vector<std::function<void()>> registered;
  {
    std::lock_guard lk(cleanups_mutex());
    registered = cleanups();
  }
  for (const auto& cleanup : registered) cleanup();
  // A progress line drawn on the terminal is erased, so the shell's prompt starts on a clean line.
  const int progress = g_progress_fd.load();
  const int terminal = progress == 1 ? out : progress == 2 ? err : -1;
  if (terminal >= 0) {
    const char erase[] = "\r\033[K";
    (void)!::write(terminal, erase, sizeof erase - 1);
  }
  ::_exit(130);
}

void interrupt_thread(int read_fd) {
  char byte = 0;
  ssize_t n = 0;
  while ((n = ::read(read_fd, &byte, 1)) < 0 && errno == EINTR) {
  }
  if (n == 1) finish_interrupt();
}

}  // namespace

void install_interrupt_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) == 0) {
      std::thread(interrupt_thread, p[0]).detach();
      g_wake_fd = p[1];
    }
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;  // the interrupted work goes on until the thread ends it
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
  });
}

bool interrupted() {
  return g_interrupted.load();
}

void at_interrupt(std::function<void()> cleanup) {
  std::lock_guard lk(cleanups_mutex());
  cleanups().push_back(std::move(cleanup));
}

OutputHold::OutputHold() {
  output_mutex().lock();
  if (!g_interrupted.load()) return;
  // The process is exiting: this output would come after Ctrl-C.
  output_mutex().unlock();
  for (;;) ::pause();
}

OutputHold::~OutputHold() {
  std::fflush(stdout);
  std::fflush(stderr);
  output_mutex().unlock();
}

void note_progress_line(int fd) {
  g_progress_fd = fd;
}

}  // namespace judge::util
