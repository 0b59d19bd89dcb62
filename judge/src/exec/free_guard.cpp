#include "exec/free_guard.hpp"

#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include <atomic>
#include <mutex>
#include <utility>

#include "exec/runtime_symbol.hpp"

namespace judge::exec {
namespace {

std::atomic<bool> g_guarding{false};
std::mutex g_free_mutex;  // guards the state below (solve may free from several host threads)
std::vector<GuardedRange> g_ranges;
std::string g_first_refusal;  // "cudaFree on the judge's buffer A"
int g_refused = 0;

// True when the call must be refused (and records it).
bool refuse(const char* call, const void* p) {
  if (!g_guarding.load(std::memory_order_relaxed) || p == nullptr) return false;
  std::lock_guard<std::mutex> lock(g_free_mutex);
  const GuardedRange* r = find_range(g_ranges, reinterpret_cast<std::uintptr_t>(p));
  if (!r) return false;
  if (g_refused++ == 0) g_first_refusal = fmt::format("{} on the judge's buffer {}", call, r->name);
  return true;
}

}  // namespace

const GuardedRange* find_range(const std::vector<GuardedRange>& ranges, std::uintptr_t address) {
  for (const GuardedRange& r : ranges)
    if (address >= r.begin && address < r.end) return &r;
  return nullptr;
}

void start_free_guard(std::vector<GuardedRange> ranges) {
  std::lock_guard<std::mutex> lock(g_free_mutex);
  g_ranges = std::move(ranges);
  g_first_refusal.clear();
  g_refused = 0;
  g_guarding = true;
}

std::optional<std::string> stop_free_guard() {
  g_guarding = false;
  std::lock_guard<std::mutex> lock(g_free_mutex);
  g_ranges.clear();
  const int refused = std::exchange(g_refused, 0);
  if (refused == 0) return std::nullopt;
  return fmt::format(
      "solve called {}{}: the judge allocates and frees the buffers passed to solve; free only "
      "what solve allocated itself",
      g_first_refusal, refused > 1 ? fmt::format(" ({} calls refused)", refused) : "");
}

}  // namespace judge::exec

// Defined in the runner executable and exported (CMakeLists.txt), like the launch entry points.
extern "C" {
cudaError_t cudaFree(void* p) {
  using FreeFn = cudaError_t (*)(void*);
  static const auto real = judge::exec::next_symbol<FreeFn>("cudaFree");
  if (judge::exec::refuse("cudaFree", p)) return cudaErrorInvalidValue;
  return real ? real(p) : cudaErrorNotSupported;
}
cudaError_t cudaFreeAsync(void* p, cudaStream_t stream) {
  using FreeAsyncFn = cudaError_t (*)(void*, cudaStream_t);
  static const auto real = judge::exec::next_symbol<FreeAsyncFn>("cudaFreeAsync");
  if (judge::exec::refuse("cudaFreeAsync", p)) return cudaErrorInvalidValue;
  return real ? real(p, stream) : cudaErrorNotSupported;
}
}
