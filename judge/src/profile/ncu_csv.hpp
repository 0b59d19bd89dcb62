// Reading Nsight Compute's details page as CSV (`ncu --import REP --csv --page details
// --print-units base`): one row per metric or rule finding of each profiled kernel launch,
// columns "ID", "Kernel Name", "Block Size", "Grid Size", "Section Name", "Metric Name",
// "Metric Unit", "Metric Value", "Rule Name", "Rule Type", "Rule Description",
// "Estimated Speedup Type", "Estimated Speedup" (and a few more this reader ignores).
// Pure and GPU-free: tested on captured output (judge/tests/data/ncu).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::profile {

// One metric of a section, as ncu names it: section "GPU Speed Of Light Throughput", name
// "DRAM Throughput", unit "%". `value` when the text is a number ("3,199,456,328.44" reads as
// 3199456328.44); `text` always holds what ncu printed ("no data", "PolicySpread", "(32, 32, 1)").
struct Metric {
  std::string section, name, unit, text;
  std::optional<double> value;
};

// One finding of ncu's rules: "UncoalescedGlobalAccess" of section "SourceCounters" (rules name
// sections by identifier, metrics by display name), type "OPT" (an optimisation), "INF" (a note)
// or "WRN"; the estimated speedup in % and whether it is "global" (of the whole kernel) or
// "local" (of the hardware unit the rule looks at).
struct Finding {
  std::string section, rule, type, description, speedup_type;
  std::optional<double> speedup_pct;
};

// One profiled kernel launch.
struct KernelRecord {
  int id = 0;               // ncu's result ID, in launch order
  std::string name;         // demangled, with parameters: "matmul_tiled(const float *, ...)"
  std::string grid, block;  // "(64, 64, 1)"
  std::vector<Metric> metrics;
  std::vector<Finding> findings;

  // The metric `name` of the section whose display name is `section`; null when absent.
  const Metric* metric(std::string_view section, std::string_view name) const;
  // Its value, when present and numeric.
  std::optional<double> value(std::string_view section, std::string_view name) const;
};

// Splits CSV text into rows of fields (RFC 4180: quoted fields may hold commas, doubled quotes
// and newlines). Lines before the header that ncu may print ("==PROF== ...", "==WARNING== ...")
// are the caller's to skip.
std::vector<std::vector<std::string>> split_csv(std::string_view text);

// "3,199,456,328.44" -> 3199456328.44; "no data", "" or words -> nullopt.
std::optional<double> parse_ncu_number(std::string_view text);

// The kernels of a details page, in ID order. An error when the text holds no header row (ncu
// printed only messages: they are in the error, shortened) or a row is shorter than the header.
Result<std::vector<KernelRecord>> parse_ncu_details(std::string_view csv);

// "matmul_tiled(const float *, float *, int)" -> "matmul_tiled"; "void <unnamed>::sgemm<0>(...)"
// -> "sgemm<0>": the function's name without return type, parameters or anonymous namespace.
std::string short_kernel_name(std::string_view name);

}  // namespace judge::profile
