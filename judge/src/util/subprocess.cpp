#include "util/subprocess.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>

#include "util/interrupt.hpp"

namespace judge::util {
namespace {

// Process groups of live children, for the interrupt handler (async-signal-safe access only).
constexpr int kMaxGroups = 64;
std::array<std::atomic<pid_t>, kMaxGroups> g_groups{};

void register_group(pid_t pgid) {
  for (auto& slot : g_groups) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, pgid)) return;
  }
}

void unregister_group(pid_t pgid) {
  for (auto& slot : g_groups) {
    pid_t expected = pgid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

// Held from fork() until the child is registered, and while strays are looked for, so a child
// that is being spawned is never mistaken for a stray.
std::mutex& spawn_mutex() {
  static std::mutex m;
  return m;
}

bool is_live_child(pid_t pid) {
  for (const auto& slot : g_groups) {
    if (slot.load() == pid) return true;
  }
  return false;
}

// The parent pid field of /proc/<pid>/stat (after the parenthesised command name, which may
// itself hold spaces and parentheses); -1 when the process is gone.
pid_t parent_of(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string line;
  if (!std::getline(in, line)) return -1;
  const std::size_t close = line.rfind(')');
  if (close == std::string::npos || close + 4 >= line.size()) return -1;
  return static_cast<pid_t>(std::atol(line.c_str() + close + 4));  // ") S <ppid>"
}

std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (parent_of(name) == parent) found.push_back(static_cast<pid_t>(std::atol(name.c_str())));
  }
  return found;
}

void become_subreaper() {
  static std::once_flag once;
  std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

ExitStatus decode(int wstatus) {
  ExitStatus s;
  if (WIFEXITED(wstatus)) {
    s.exited = true;
    s.code = WEXITSTATUS(wstatus);
  } else if (WIFSIGNALED(wstatus)) {
    s.signal = WTERMSIG(wstatus);
  }
  return s;
}

[[noreturn]] void exec_child(const SpawnOptions& opts, char* const* argv, int out_w, int err_w, pid_t parent) {
  ::setpgid(0, 0);
  if (opts.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent ended before the line above
  }
  int devnull = ::open("/dev/null", O_RDONLY);
  ::dup2(devnull, 0);
  ::dup2(out_w, 1);
  ::dup2(err_w, 2);
  // Move the passed descriptors into place. Sources are above 2 and distinct from targets.
  for (const auto& [from, to] : opts.fds) {
    if (from == to) {
      ::fcntl(from, F_SETFD, 0);  // clear close-on-exec
    } else {
      ::dup2(from, to);
    }
  }
  for (const auto& [res, lim] : opts.rlimits) {
    rlimit r{lim, lim};
    ::setrlimit(res, &r);
  }
  if (opts.cwd && ::chdir(opts.cwd->c_str()) != 0) ::_exit(127);
  ::execvp(argv[0], argv);
  const char msg[] = "judge: cannot execute child process\n";
  (void)!::write(2, msg, sizeof msg - 1);
  ::_exit(127);
}

}  // namespace

std::string ExitStatus::describe() const {
  if (exited) return fmt::format("exit code {}", code);
  const char* d = ::strsignal(signal);
  const char* abbrev = ::sigabbrev_np(signal);
  return fmt::format("signal SIG{} ({})", abbrev ? abbrev : "?", d ? d : "unknown");
}

Child::Child(Child&& o) noexcept {
  *this = std::move(o);
}

Child& Child::operator=(Child&& o) noexcept {
  if (this != &o) {
    if (running()) {
      kill_group();
      wait();
    }
    pid_ = std::exchange(o.pid_, -1);
    out_fd_ = std::move(o.out_fd_);
    err_fd_ = std::move(o.err_fd_);
    out_ = std::move(o.out_);
    err_ = std::move(o.err_);
    cap_ = o.cap_;
    status_ = std::move(o.status_);
  }
  return *this;
}

Child::~Child() {
  if (running()) {
    kill_group();
    wait();
  }
}

void Child::read_into(Fd& fd, CapturedStream& s) {
  char buf[65536];
  const ssize_t n = ::read(fd.get(), buf, sizeof buf);
  if (n <= 0) {
    if (n == 0 || (errno != EINTR && errno != EAGAIN)) fd.reset();
    return;
  }
  s.total_bytes += static_cast<std::size_t>(n);
  if (s.text.size() < cap_)
    s.text.append(buf, std::min<std::size_t>(static_cast<std::size_t>(n), cap_ - s.text.size()));
}

bool Child::drain(int timeout_ms, int also_fd) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (bool first = true; out_fd_.valid() || err_fd_.valid() || also_fd >= 0; first = false) {
    pollfd fds[3];
    int n = 0;
    if (out_fd_.valid()) fds[n++] = {out_fd_.get(), POLLIN, 0};
    if (err_fd_.valid()) fds[n++] = {err_fd_.get(), POLLIN, 0};
    if (also_fd >= 0) fds[n++] = {also_fd, POLLIN, 0};
    int wait_ms = -1;
    if (timeout_ms >= 0) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 && !first) return false;  // a zero timeout still polls once
      wait_ms = static_cast<int>(std::max<long long>(left.count(), 0));
    }
    const int r = ::poll(fds, n, wait_ms);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    for (int i = 0; i < n; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      if (fds[i].fd == also_fd) return true;
      if (fds[i].fd == out_fd_.get())
        read_into(out_fd_, out_);
      else if (fds[i].fd == err_fd_.get())
        read_into(err_fd_, err_);
    }
  }
  return false;
}

void Child::kill_group() {
  if (pid_ > 0 && !status_) ::kill(-pid_, SIGKILL);
}

void Child::finish(int wstatus) {
  status_ = decode(wstatus);
  // Grandchildren may still hold the group; they go with it. Those that left the group came
  // back to us (the subreaper) when it ended, and go too.
  ::kill(-pid_, SIGKILL);
  unregister_group(pid_);
  kill_strays();
  // Collect what is left in the pipes without blocking on stray writers.
  drain(50);
}

const ExitStatus& Child::wait() {
  if (!status_) {
    int ws = 0;
    while (::waitpid(pid_, &ws, 0) < 0 && errno == EINTR) {
    }
    finish(ws);
  }
  return *status_;
}

bool Child::try_wait() {
  if (status_) return true;
  int ws = 0;
  if (::waitpid(pid_, &ws, WNOHANG) != pid_) return false;
  finish(ws);
  return true;
}

Result<Child> spawn(const SpawnOptions& opts) {
  if (opts.argv.empty()) return make_error("spawn: empty command");
  int out_p[2], err_p[2];
  if (::pipe2(out_p, O_CLOEXEC) != 0 || ::pipe2(err_p, O_CLOEXEC) != 0)
    return make_error(fmt::format("cannot create pipes: {}", std::strerror(errno)));
  std::vector<char*> argv;
  for (const std::string& a : opts.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  become_subreaper();
  const pid_t self = ::getpid();
  std::unique_lock lock(spawn_mutex());
  // After Ctrl-C every child is being stopped (util/interrupt): a new one would escape that.
  const pid_t pid = interrupted() ? -1 : ::fork();
  if (pid < 0) {
    const std::string why = interrupted() ? "interrupted" : fmt::format("cannot fork: {}", std::strerror(errno));
    for (int fd : {out_p[0], out_p[1], err_p[0], err_p[1]}) ::close(fd);
    return make_error(why);
  }
  if (pid == 0) exec_child(opts, argv.data(), out_p[1], err_p[1], self);
  ::setpgid(pid, pid);  // also in the parent, so the group exists before we might kill it
  register_group(pid);
  lock.unlock();
  ::close(out_p[1]);
  ::close(err_p[1]);
  Child c;
  c.pid_ = pid;
  c.out_fd_ = Fd(out_p[0]);
  c.err_fd_ = Fd(err_p[0]);
  c.cap_ = opts.capture_cap_bytes;
  return c;
}

Result<CapturedRun> run_captured(const SpawnOptions& opts, int timeout_ms) {
  const auto start = std::chrono::steady_clock::now();
  auto child = spawn(opts);
  if (!child) return child.error();
  CapturedRun run;
  child->drain(timeout_ms);
  // Both pipes closed, or time is up; a child that closed its pipes may still be running.
  const auto elapsed = std::chrono::steady_clock::now() - start;
  const int left_ms =
      timeout_ms - static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
  bool ended = child->try_wait();
  for (int waited = 0; !ended && waited < left_ms; waited += 10) {
    ::usleep(10000);
    ended = child->try_wait();
  }
  if (!ended) {
    run.timed_out = true;
    child->kill_group();
  }
  run.status = child->wait();
  run.out = child->out();
  run.err = child->err();
  run.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return run;
}

std::size_t kill_strays() {
  std::lock_guard lock(spawn_mutex());
  std::size_t killed = 0;
  // Killing a stray re-parents its own children to us: look again until none is left.
  for (int round = 0; round < 100; ++round) {
    std::vector<pid_t> strays;
    for (pid_t pid : children_of(::getpid())) {
      if (!is_live_child(pid)) strays.push_back(pid);
    }
    if (strays.empty()) break;
    for (pid_t pid : strays) ::kill(pid, SIGKILL);
    for (pid_t pid : strays) {
      while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
    killed += strays.size();
  }
  return killed;
}

void kill_all_child_groups() {
  for (auto& slot : g_groups) {
    const pid_t g = slot.load();
    if (g > 0) ::kill(-g, SIGKILL);
  }
}

void stop_all_children() {
  std::vector<pid_t> leaders;
  {
    // No spawn is half done while the groups are killed, and interrupted() stops later ones.
    std::lock_guard lock(spawn_mutex());
    for (auto& slot : g_groups) {
      const pid_t g = slot.load();
      if (g > 0) leaders.push_back(g);
    }
    kill_all_child_groups();
  }
  // The thread that owns a Child may reap it first; then waitpid here says ECHILD.
  for (pid_t pid : leaders) {
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  kill_strays();
}

}  // namespace judge::util
