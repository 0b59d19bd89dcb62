// Landlock (kernel 5.13+), through its raw system calls: the filesystem rights of the runner,
// TCP (ABI 4+) and signals and abstract sockets outside the sandbox (ABI 6+).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::exec {

// The highest Landlock ABI the kernel offers, or the reason there is none.
Result<int> landlock_abi();

struct LandlockRules {
  std::vector<std::filesystem::path> read_exec;   // files or folders: read, list, execute
  std::vector<std::filesystem::path> read_write;  // files (device nodes) or folders: everything
};

struct LandlockApplied {
  int abi = 0;
  bool network = false;  // TCP bind and connect denied
  bool scoped = false;   // signals and abstract unix sockets outside the sandbox denied
};

// Restricts the calling thread and the processes it starts (needs PR_SET_NO_NEW_PRIVS first).
// Paths that do not exist are left out.
Result<LandlockApplied> apply_landlock(const LandlockRules& rules);

}  // namespace judge::exec
