// Which protections of the sandbox this machine gives, found without a GPU: `judge
// __sandbox-probe --scratch DIR` sets the sandbox up exactly as the runner does (no CUDA) and
// prints the report as JSON. `judge doctor` shows it.
#pragma once

#include <string>

#include "exec/sandbox.hpp"
#include "util/result.hpp"

namespace judge::exec {

// The hidden mode's body (in the child).
int sandbox_probe_main(const std::string& scratch);

// Runs the probe in a child process of `executable` (empty: this process's own binary).
Result<SandboxReport> probe_sandbox(const std::string& executable);

}  // namespace judge::exec
