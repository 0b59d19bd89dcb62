#include "profile/advice.hpp"

#include <algorithm>
#include <cctype>

namespace judge::profile {
namespace {

// One row of the table: a rule (null: any rule) and, for rules that cover several causes, a
// word of its description (lower case; null: any); the first matching row wins.
struct Row {
  const char* rule;
  const char* keyword;
  const char* title;
  const char* try_this;
  bool hidden = false;
};

// Sentences are our own; the descriptions they answer are Nsight Compute 2025.3's rules.
const Row kTable[] = {
    {"UncoalescedGlobalAccess", nullptr, "uncoalesced global accesses",
     "Let consecutive threads (threadIdx.x) touch consecutive addresses: index the contiguous, innermost dimension "
     "of each array with threadIdx.x, or load a tile coalesced into shared memory and read it from there in any "
     "order."},
    {"UncoalescedSharedAccess", nullptr, "shared-memory bank conflicts",
     "Make the threads of a warp use different banks: pad the shared array by one element per row (tile[32][33]) or "
     "index it so consecutive threads read consecutive words."},
    {"SharedMemoryConflicts", nullptr, "shared-memory bank conflicts",
     "Make the threads of a warp use different banks: pad the shared array by one element per row (tile[32][33]) or "
     "index it so consecutive threads read consecutive words."},
    {"ThreadDivergence", nullptr, "warp divergence",
     "Threads of one warp that take different branches run them one after the other: arrange conditions so a whole "
     "warp takes the same path (branch on threadIdx.x / 32), or compute both sides without a branch."},
    {"MemoryCacheAccessPattern", nullptr, "wasteful memory access pattern",
     "Each access uses only part of the 32-byte sectors it fetches: make accesses contiguous and aligned, and load "
     "wider types (float4) where the layout allows."},
    {"CPIStall", "scoreboard dependency on a l1tex", "stalls waiting for global memory (long scoreboard)",
     "Hide or avoid the wait for global loads: reuse loaded values from shared memory or registers instead of "
     "loading them again, and give each thread several independent loads in flight."},
    {"CPIStall", "scoreboard dependency on a mio", "stalls waiting for shared memory (short scoreboard)",
     "Read each shared-memory value once into a register and reuse it, and compute several outputs per thread so "
     "there is other work while a read is in flight."},
    {"CPIStall", "mio", "stalls on the shared-memory instruction queue (MIO throttle)",
     "Issue fewer shared-memory instructions: load wider values (float4) and compute several outputs per thread from "
     "each value loaded (register tiling)."},
    {"CPIStall", "(lg)", "stalls on the global-memory instruction queue (LG throttle)",
     "Issue fewer, wider global accesses (coalesced, float4) and stop reloading the same values: keep them in "
     "registers or shared memory."},
    {"CPIStall", "memory barrier", "stalls at memory fences",
     "Use __threadfence() and memory fences only where another block must see the data."},
    {"CPIStall", "barrier", "stalls at __syncthreads()",
     "Give every warp of a block the same work between barriers, and synchronise only where shared data changes "
     "hands."},
    {"CPIStall", "math pipe", "a saturated math pipeline",
     "Spread the work over cheaper instructions: FMA instead of separate multiply and add, fewer integer index "
     "computations, float instead of double."},
    {"CPIStall", "execution pipe", "a saturated math pipeline",
     "Spread the work over cheaper instructions: FMA instead of separate multiply and add, fewer integer index "
     "computations, float instead of double."},
    {"CPIStall", "fixed latency", "stalls on dependent arithmetic",
     "Give each thread more independent instructions (unroll loops, compute several outputs per thread) so one "
     "result is not always waiting for the previous one."},
    {"CPIStall", "branch target", "stalls resolving branches",
     "Simplify the control flow in the hot loop: fewer data-dependent branches, loop bounds known at compile time."},
    {"CPIStall", "texture operations", "stalls on the texture unit",
     "Issue fewer texture or __ldg loads, or load wider values per instruction."},
    {"CPIStall", "instruction cache", "stalls fetching instructions",
     "The code in the hot loop is too large or jumps around: unroll less, and avoid large switch statements."},
    {"CPIStall", "drain", "stalls draining stores at the end",
     "Many stores are still in flight when warps exit: write results coalesced and in wide types."},
    {"CPIStall", "warp stall sampling", "warp stalls", "", true},  // a pointer to a table of the GUI
    {"CPIStall", nullptr, "warp stalls", ""},
    {"IssueSlotUtilization", nullptr, "schedulers often have no warp ready",
     "The warps are stalled (see the stalls above): more independent work per thread or more warps per SM hides the "
     "wait."},
    {"HighPipeUtilization", "under-utilized", "compute pipelines mostly idle",
     "The math units wait for data or for warps: fix what the kernel waits on first (memory, latency), then give "
     "each thread more independent work."},
    {"HighPipeUtilization", nullptr, "one math pipeline does most of the work",
     "Relieve the busiest pipeline: fewer instructions per result (FMA, simpler index arithmetic, unrolled loops), or "
     "tensor cores for matrix products."},
    {"TheoreticalOccupancy", nullptr, "low theoretical occupancy",
     "If the kernel waits on latency, let more warps run at once: fewer registers (__launch_bounds__) or less shared "
     "memory per block; a kernel already busy on memory or compute need not."},
    {"AchievedOccupancy", nullptr, "achieved occupancy below theoretical",
     "Fewer warps run than could: with more and smaller blocks, or work spread evenly across blocks, every SM stays "
     "full to the end."},
    {"LaunchConfiguration", "__syncthreads", "too few blocks per SM for __syncthreads()",
     "Let each SM hold at least two blocks (smaller blocks, fewer registers or less shared memory), so one works "
     "while the other waits at a barrier."},
    {"LaunchConfiguration", "multiple of", "block size not a multiple of 32",
     "Use a block size that is a multiple of 32 threads, so no warp runs partly empty."},
    {"LaunchConfiguration", "too small", "grid too small to fill the GPU",
     "Launch more blocks, several per SM: smaller blocks or less work per block."},
    {"LaunchConfiguration", "wave", "a partial last wave of blocks (tail effect)",
     "Change the number of blocks (or work per block) so the last wave is full, or use many more, smaller blocks."},
    {"LaunchConfiguration", nullptr, "launch configuration",
     "Choose the grid and block size so every SM gets several blocks of whole warps."},
    {nullptr, "spill", "registers spilled to local memory",
     "Spilled registers live in slow local memory: use fewer live variables, avoid arrays indexed at run time, or "
     "allow more registers per thread (__launch_bounds__)."},
    {"SOLBottleneck", nullptr, "bottleneck", "", true},  // the bottleneck line says it in our words
    {"SOLFPRoofline", nullptr, "floating-point roofline", "", true},
    {"PMSamplingData", nullptr, "sampling data", "", true},
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

int type_rank(const Finding& f) {
  return f.type == "OPT" ? 0 : 1;
}
int speedup_rank(const Finding& f) {
  if (!f.speedup_pct) return 2;
  return f.speedup_type == "global" ? 0 : 1;
}

}  // namespace

Advice advise(const Finding& f) {
  const std::string text = lower(f.description);
  for (const Row& row : kTable) {
    if (row.rule && f.rule != row.rule) continue;
    if (row.keyword && text.find(row.keyword) == std::string::npos) continue;
    return {row.title, row.try_this, row.hidden};
  }
  return {f.rule, "", false};
}

std::string shorten_description(std::string_view d, std::size_t max_chars) {
  std::string s(d);
  // The first sentence: up to ". " followed by a capital letter (not "e.g. " or "1.9 blocks").
  for (std::size_t at = s.find(". "); at != std::string::npos; at = s.find(". ", at + 1)) {
    if (at + 2 < s.size() && std::isupper(static_cast<unsigned char>(s[at + 2]))) {
      s.erase(at + 1);
      break;
    }
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  if (s.size() <= max_chars) return s;
  std::size_t cut = s.rfind(' ', max_chars - 3);
  if (cut == std::string::npos || cut < max_chars / 2) cut = max_chars - 3;
  return s.substr(0, cut) + "...";
}

std::vector<const Finding*> top_findings(const std::vector<Finding>& findings, std::size_t n) {
  std::vector<const Finding*> shown;
  for (const Finding& f : findings)
    if ((f.type == "OPT" || f.type == "WRN") && !advise(f).hidden) shown.push_back(&f);
  std::stable_sort(shown.begin(), shown.end(), [](const Finding* a, const Finding* b) {
    if (type_rank(*a) != type_rank(*b)) return type_rank(*a) < type_rank(*b);
    if (speedup_rank(*a) != speedup_rank(*b)) return speedup_rank(*a) < speedup_rank(*b);
    return a->speedup_pct.value_or(0) > b->speedup_pct.value_or(0);
  });
  if (shown.size() > n) shown.resize(n);
  return shown;
}

}  // namespace judge::profile
