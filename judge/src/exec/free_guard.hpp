// The buffers the judge passes to solve are the judge's: solve may not free them.
//
// Like the launch entry points (launch_record.hpp), the runner executable defines and exports
// cudaFree and cudaFreeAsync, so a loaded solution's calls come here first. While the guard is on
// (during solve), a pointer inside one of the judge's allocations (its guard zones included) is
// not freed: the call returns cudaErrorInvalidValue and is recorded, and the test is a runtime
// error naming the buffer. CUDA itself would refuse most such calls (the buffers passed to solve
// start past a guard zone, not at an allocation's start) and a solution that ignores the result
// would pass unnoticed; one that found an allocation's start would free the judge's memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace judge::exec {

struct GuardedRange {
  std::string name;          // the solve parameter, e.g. "A"
  std::uintptr_t begin = 0;  // the whole allocation, guard zones included
  std::uintptr_t end = 0;
};

void start_free_guard(std::vector<GuardedRange> ranges);
// Stops guarding; what solve tried, if it freed a judge buffer:
// "solve called cudaFree on the judge's buffer A (2 calls refused)".
std::optional<std::string> stop_free_guard();

// The range holding `address`, if any (pure; unit-tested).
const GuardedRange* find_range(const std::vector<GuardedRange>& ranges, std::uintptr_t address);

}  // namespace judge::exec
