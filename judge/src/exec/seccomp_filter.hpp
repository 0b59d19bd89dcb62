// A small seccomp filter for what namespaces and Landlock may not cover on a given kernel:
// no ptrace or process_vm_readv/writev at all, no signal to the judge's pid or process group
// nor to every process (kill -1), and no internet or packet sockets.
#pragma once

#include <sys/types.h>

#include "util/result.hpp"

namespace judge::exec {

// Installs the filter on every thread of the process (needs PR_SET_NO_NEW_PRIVS first).
Status apply_seccomp_filter(pid_t judge_pid, pid_t judge_pgid);

}  // namespace judge::exec
