#include "exec/landlock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "util/fd.hpp"

namespace judge::exec {
namespace {

// The C library's headers may predate the newer rights: the kernel's values (uapi landlock.h).
constexpr std::uint64_t kFsExecute = 1ULL << 0, kFsWriteFile = 1ULL << 1, kFsReadFile = 1ULL << 2,
                        kFsReadDir = 1ULL << 3, kFsRefer = 1ULL << 13, kFsTruncate = 1ULL << 14;
constexpr std::uint64_t kFsAllV1 = (1ULL << 13) - 1;  // execute .. make_sym
constexpr std::uint64_t kNetBindTcp = 1ULL << 0, kNetConnectTcp = 1ULL << 1;
constexpr std::uint64_t kScopeAbstractUnix = 1ULL << 0, kScopeSignal = 1ULL << 1;
// Rights that apply to a file rather than a folder.
constexpr std::uint64_t kFileRights = kFsExecute | kFsWriteFile | kFsReadFile | kFsTruncate;

struct RulesetAttr {  // struct landlock_ruleset_attr of ABI 6
  std::uint64_t handled_access_fs = 0;
  std::uint64_t handled_access_net = 0;
  std::uint64_t scoped = 0;
};

long create_ruleset(const RulesetAttr* attr, std::size_t size, std::uint32_t flags) {
  return ::syscall(SYS_landlock_create_ruleset, attr, size, flags);
}

std::uint64_t handled_fs(int abi) {
  std::uint64_t fs = kFsAllV1;
  if (abi >= 2) fs |= kFsRefer;
  if (abi >= 3) fs |= kFsTruncate;
  return fs;  // IOCTL_DEV (ABI 5) stays unhandled: CUDA drives the GPU through ioctl
}

Status add_path(int ruleset, const std::filesystem::path& path, std::uint64_t rights) {
  util::Fd fd(::open(path.c_str(), O_PATH | O_CLOEXEC));
  if (!fd.valid()) return Ok{};  // absent on this machine: nothing to allow
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return Ok{};
  landlock_path_beneath_attr rule{};
  rule.allowed_access = S_ISDIR(st.st_mode) ? rights : (rights & kFileRights);
  rule.parent_fd = fd.get();
  if (::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
    return make_error(fmt::format("landlock_add_rule {}: {}", path.string(), std::strerror(errno)));
  return Ok{};
}

}  // namespace

Result<int> landlock_abi() {
  const long abi = create_ruleset(nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi >= 1) return static_cast<int>(abi);
  if (errno == ENOSYS) return make_error("the kernel has no Landlock (needs Linux 5.13+)");
  if (errno == EOPNOTSUPP) return make_error("Landlock is built in but not enabled (boot with lsm=...,landlock)");
  return make_error(fmt::format("landlock_create_ruleset: {}", std::strerror(errno)));
}

Result<LandlockApplied> apply_landlock(const LandlockRules& rules) {
  auto abi = landlock_abi();
  if (!abi) return abi.error();
  LandlockApplied applied;
  applied.abi = *abi;
  RulesetAttr attr;
  attr.handled_access_fs = handled_fs(*abi);
  std::size_t size = sizeof attr.handled_access_fs;
  if (*abi >= 4) {  // no rule allows any port: no TCP at all
    attr.handled_access_net = kNetBindTcp | kNetConnectTcp;
    size = offsetof(RulesetAttr, scoped);
    applied.network = true;
  }
  if (*abi >= 6) {
    attr.scoped = kScopeAbstractUnix | kScopeSignal;
    size = sizeof attr;
    applied.scoped = true;
  }
  util::Fd ruleset(static_cast<int>(create_ruleset(&attr, size, 0)));
  if (!ruleset.valid()) return make_error(fmt::format("landlock_create_ruleset: {}", std::strerror(errno)));
  const std::uint64_t read = kFsReadFile | kFsReadDir | kFsExecute;
  for (const auto& p : rules.read_exec) {
    if (auto s = add_path(ruleset.get(), p, read); !s) return s.error();
  }
  for (const auto& p : rules.read_write) {
    if (auto s = add_path(ruleset.get(), p, attr.handled_access_fs); !s) return s.error();
  }
  if (::syscall(SYS_landlock_restrict_self, ruleset.get(), 0) != 0)
    return make_error(fmt::format("landlock_restrict_self: {}", std::strerror(errno)));
  return applied;
}

}  // namespace judge::exec
