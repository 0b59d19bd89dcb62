#include "judging/sanitize.hpp"

#include <fmt/format.h>

#include "util/tool_path.hpp"

namespace judge::judging {
namespace fs = std::filesystem;

Result<fs::path> find_compute_sanitizer() {
  const std::vector<fs::path> roots = util::cuda_roots();
  std::vector<fs::path> candidates;
  for (const fs::path& root : roots)
    for (const fs::path& p : {root / "bin" / "compute-sanitizer", root / "compute-sanitizer" / "compute-sanitizer"})
      candidates.push_back(p);
  return util::find_tool(
      "compute-sanitizer", "JUDGE_COMPUTE_SANITIZER", candidates,
      fmt::format("--sanitize needs compute-sanitizer from the CUDA toolkit and none was found (looked on PATH and "
                  "in {}): install the toolkit's sanitizer, or set CUDA_HOME or JUDGE_COMPUTE_SANITIZER",
                  roots.front().string()));
}

std::vector<std::string> sanitizer_argv(const fs::path& sanitizer, const std::string& tool) {
  std::vector<std::string> argv = {sanitizer.string(), "--tool", tool, "--print-limit",
                                   std::to_string(kSanitizerPrintLimit),
                                   // The runner needs a while to start on a loaded machine.
                                   "--launch-timeout", "120",
                                   // Only the runner: not a process the solution might start.
                                   "--target-processes", "application-only",
                                   // Device frames name the user's __device__ functions; host
                                   // frames would be the judge's.
                                   "--show-backtrace", "device", "--check-exit-code", "no"};
  // initcheck's --track-unused-memory stays off: the judge's guard zones are unused by design.
  return argv;
}

namespace {

struct BufferHit {
  std::string text;
  std::string role;
};

// Where an address lies among the test's buffers.
std::optional<BufferHit> locate(const SanitizerFinding& f, const std::vector<exec::BufferAddress>& buffers) {
  for (const exec::BufferAddress& b : buffers) {
    const std::uint64_t base = b.address;
    const std::uint64_t bytes = b.bytes;
    const auto element = std::max<std::uint64_t>(1, b.element_bytes);
    const std::string& name = b.name;
    const std::string& role = b.role;
    if (f.allocation && *f.allocation == base && f.address) {
      if (f.bytes_after && *f.address >= base)
        return BufferHit{fmt::format("{}[{}], past the end of {} ({} elements)", name, (*f.address - base) / element,
                                     name, bytes / element),
                         role};
      if (f.bytes_before && *f.address < base)
        return BufferHit{fmt::format("{} bytes before the start of {}", base - *f.address, name), role};
    }
    if (f.address && *f.address >= base && *f.address < base + bytes)
      return BufferHit{fmt::format("{}[{}]", name, (*f.address - base) / element), role};
  }
  return std::nullopt;
}

std::string lower_first(std::string s) {
  if (s.size() > 1 && std::isupper(static_cast<unsigned char>(s[0])) && !std::isupper(static_cast<unsigned char>(s[1])))
    s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

}  // namespace

std::string describe_finding(const SanitizerFinding& f, const std::vector<exec::BufferAddress>& buffers) {
  const std::optional<BufferHit> hit = locate(f, buffers);
  std::string where;
  if (!f.location.empty()) where += " at " + f.location;
  if (!f.other_location.empty()) where += " and " + f.other_location;
  if (!f.kernel.empty()) where += " in " + f.kernel;
  if (!f.thread.empty()) where += ", thread " + f.thread;
  if (!f.block.empty()) where += " block " + f.block;
  if (!f.hazards.empty()) where += " (" + f.hazards + ")";
  // initcheck on an output: the solution read what only it was to write.
  if (hit && hit->role == "out" && f.kind.find("Uninitialized") != std::string::npos &&
      f.kind.find("read") != std::string::npos) {
    const std::string name = hit->text.substr(0, hit->text.find('['));
    return fmt::format(
        "reads output {} before writing it ({}){}: an output holds nothing defined until solve writes it", name,
        hit->text, where);
  }
  // initcheck on the judge's copy of an output back to the host: part of it was never written.
  if (hit && hit->role == "out" && f.kind.find("Host API uninitialized") != std::string::npos) {
    const std::string name = hit->text.substr(0, hit->text.find('['));
    return fmt::format("output {} was not fully written: {} (and maybe more) holds nothing defined after solve", name,
                       hit->text);
  }
  std::string s = lower_first(f.kind) + where;
  if (hit)
    s += ": " + hit->text;
  else if (!f.address_note.empty() && f.address)
    s += fmt::format(": address {:#x} {}", *f.address, f.address_note);
  return s;
}

void apply_sanitizer_report(TestResult& t, const std::string& tool, const SanitizerReport& report,
                            const std::vector<exec::BufferAddress>& buffers) {
  t.output = report.program_output;
  std::vector<const SanitizerFinding*> device, api;
  for (const SanitizerFinding& f : report.findings) (f.api_error ? api : device).push_back(&f);
  for (const SanitizerFinding* f : api) device.push_back(f);  // device findings first, API errors after
  if (device.empty()) return;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < device.size() && i < kSanitizerShown; ++i)
    lines.push_back(fmt::format("{}: {}", tool, describe_finding(*device[i], buffers)));
  const int errors = report.errors();
  if (device.size() > kSanitizerShown || errors > static_cast<int>(kSanitizerShown))
    lines.push_back(fmt::format("{}: {} error(s) in all", tool, errors));
  const bool fails = errors > 0 && (t.verdict == Verdict::AC || t.verdict == Verdict::WA || t.verdict == Verdict::RTE);
  if (!fails) {  // warnings, API errors only, or a verdict that says more (TLE, JE): keep it
    t.details.insert(t.details.end(), lines.begin(), lines.end());
    return;
  }
  std::vector<std::string> details(lines.begin() + 1, lines.end());
  if (t.verdict != Verdict::AC)
    details.push_back(fmt::format("without {}: {}: {}", tool, verdict_code(t.verdict), t.summary));
  details.insert(details.end(), t.details.begin(), t.details.end());
  t.verdict = Verdict::RTE;
  t.summary = lines.front();
  t.details = std::move(details);
}

}  // namespace judge::judging
