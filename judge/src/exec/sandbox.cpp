// Step 2 of the sandbox (sandbox.hpp): limits, privileges, Landlock and seccomp.
#include "exec/sandbox.hpp"

#include <fmt/format.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <string>

#include "exec/landlock.hpp"
#include "exec/seccomp_filter.hpp"

namespace judge::exec {
namespace {

namespace fs = std::filesystem;

constexpr rlim_t kProcessLimit = 512;  // processes and threads of the runner's user namespace

// Read and execute: the system's folders and a few files of /etc the dynamic loader and the C
// library read. Not /etc as a whole, not /home, /root, /tmp, /var or /opt: the data root, the
// caches and the baseline stores live there.
const char* const kSystemPaths[] = {"/usr",
                                    "/lib",
                                    "/lib32",
                                    "/lib64",
                                    "/libx32",
                                    "/bin",
                                    "/sbin",
                                    "/proc",
                                    "/sys",
                                    "/etc/ld.so.cache",
                                    "/etc/ld.so.conf",
                                    "/etc/ld.so.conf.d",
                                    "/etc/passwd",
                                    "/etc/group",
                                    "/etc/nsswitch.conf",
                                    "/etc/localtime"};
const char* const kDevices[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"};

// Kibibytes of address space in use (VmSize), 0 if unknown.
rlim_t address_space_bytes() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("VmSize:", 0) == 0) return static_cast<rlim_t>(std::stoull(line.substr(7))) * 1024;
  }
  return 0;
}

void apply_limits(SandboxState& s) {
  if (s.user_ns && s.outer_uid != 0) {  // counted per user namespace: only the runner's own processes
    rlimit r{kProcessLimit, kProcessLimit};
    s.nproc_limit = ::setrlimit(RLIMIT_NPROC, &r) == 0;
  }
  // CUDA reserves a large virtual range when it starts, so the limit is what is mapped now
  // plus a budget; a huge host allocation fails (bad_alloc, RTE) before the machine swaps.
  const rlim_t used = address_space_bytes();
  const auto half_ram =
      static_cast<rlim_t>(::sysconf(_SC_PHYS_PAGES)) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE)) / 2;
  if (used == 0 || half_ram == 0) {
    s.limits_error = "cannot read VmSize or the machine's memory size";
    return;
  }
  rlimit r{used + half_ram, used + half_ram};
  s.memory_limit = ::setrlimit(RLIMIT_AS, &r) == 0;
  if (!s.memory_limit) s.limits_error = fmt::format("setrlimit(RLIMIT_AS): {}", std::strerror(errno));
}

bool drop_capabilities() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  return ::syscall(SYS_capset, &header, data) == 0;
}

// Folders of the libraries mapped now (CUDA, the driver, the C++ runtime) that lie outside the
// system folders, e.g. a toolkit under /opt: what dlopen of the artifact may need again.
std::set<fs::path> mapped_library_folders(const fs::path& own_exe) {
  std::set<fs::path> folders;
  std::ifstream in("/proc/self/maps");
  for (std::string line; std::getline(in, line);) {
    const std::size_t slash = line.find('/');
    if (slash == std::string::npos) continue;
    const fs::path file = line.substr(slash);
    std::error_code ec;
    if (file.string().rfind("/dev/", 0) == 0 || !fs::is_regular_file(file, ec)) continue;
    if (file == own_exe) continue;  // the judge itself: the file only, not the build folder beside it
    folders.insert(file.parent_path());
  }
  return folders;
}

LandlockRules sandbox_rules(const SandboxState& s, const RestrictOptions& o) {
  LandlockRules rules;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  for (const char* p : kSystemPaths) rules.read_exec.emplace_back(p);
  for (const fs::path& p : mapped_library_folders(exe)) rules.read_exec.push_back(p);
  if (!exe.empty()) rules.read_exec.push_back(exe);
  for (const fs::path& p : o.readable) rules.read_exec.push_back(p);
  for (const char* p : kDevices) rules.read_write.emplace_back(p);
  for (const auto& entry : fs::directory_iterator("/dev", ec)) {  // the GPU's device nodes
    if (entry.path().filename().string().rfind("nvidia", 0) == 0) rules.read_write.push_back(entry.path());
  }
  if (!s.scratch.empty()) rules.read_write.push_back(s.scratch);
  return rules;
}

}  // namespace

void restrict_process(SandboxState& s, const RestrictOptions& o) {
  s.restricted = true;
  if (s.switches.limits) apply_limits(s);
  s.no_new_privs = ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0;
  s.caps_dropped = drop_capabilities();
  if (!s.switches.landlock) {
    s.landlock_error = "switched off by JUDGE_SANDBOX_DISABLE";
  } else if (auto applied = apply_landlock(sandbox_rules(s, o)); applied) {
    s.landlock_fs = true;
    s.landlock_net = applied->network;
    s.landlock_scope = applied->scoped;
  } else {
    s.landlock_error = applied.error().message;
  }
  if (!s.switches.seccomp) {
    s.seccomp_error = "switched off by JUDGE_SANDBOX_DISABLE";
  } else if (auto st = apply_seccomp_filter(s.judge_pid, s.judge_pgid); st) {
    s.seccomp = true;
  } else {
    s.seccomp_error = st.error().message;
  }
}

}  // namespace judge::exec
