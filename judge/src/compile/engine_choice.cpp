// Engine choice: nvrtc when the splitter can express the whole file, nvcc otherwise (auto), or
// the engine the user forced. auto also re-checks an nvrtc compile error with nvcc, so a gap in
// the split can cost time but never a verdict.
#include <fmt/format.h>

#include <map>
#include <tuple>

#include "compile/compile_log.hpp"
#include "compile/compiler.hpp"
#include "compile/local_includes.hpp"
#include "compile/solve_header.hpp"
#include "compile/splitter.hpp"
#include "util/read_file.hpp"

namespace judge::compile {

SplitResult split_with_headers(const CompileRequest& r, std::string_view text) {
  std::map<std::string, std::string> provided;
  if (!r.binding.solve_header.empty()) provided[kSolveHeaderName] = r.binding.solve_header;
  const InlinedSource inlined = inline_local_includes(r.source, text, r.display_name, r.include_dirs, provided);
  SplitResult split = split_source(inlined.text);
  for (SplitIssue& issue : split.unsupported) std::tie(issue.file, issue.line) = inlined.locate(issue.line);
  return split;
}

namespace {

// Line `n` (from 1) of `text`, trimmed and cut to a readable length.
std::string source_line(std::string_view text, int n) {
  std::size_t begin = 0;
  for (int i = 1; i < n && begin != std::string_view::npos; ++i) {
    begin = text.find('\n', begin);
    if (begin != std::string_view::npos) ++begin;
  }
  if (n < 1 || begin == std::string_view::npos || begin >= text.size()) return "";
  std::string_view line = text.substr(begin, text.find('\n', begin) - begin);
  const std::size_t first = line.find_first_not_of(" \t"), last = line.find_last_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  line = line.substr(first, last - first + 1);
  return line.size() > 100 ? std::string(line.substr(0, 97)) + "..." : std::string(line);
}

}  // namespace

std::string nvrtc_failure_note(std::string_view nvrtc_log, std::string_view source, const std::string& display_name) {
  const std::optional<LogMessage> e = first_compile_error(nvrtc_log);
  if (!e) {
    const std::string_view first = nvrtc_log.substr(0, nvrtc_log.find('\n'));
    return fmt::format("compiled with nvcc: nvrtc rejected a file nvcc accepts, saying \"{}\" (please report it)",
                       first.empty() ? "nothing" : first);
  }
  const std::string who = e->edg ? "NVRTC (device code)" : "the host compiler (host code)";
  std::string where = e->file.empty() ? std::string("the link") : fmt::format("{} line {}", e->file, e->line);
  if (e->file == display_name)
    if (const std::string code = source_line(source, e->line); !code.empty()) where += fmt::format(" (`{}`)", code);
  return fmt::format(
      "compiled with nvcc: the nvrtc engine could not handle {}, which nvcc accepts; {} said: {} "
      "(please report it)",
      where, who, e->text);
}

std::string nvcc_fallback_note(const SplitResult& split) {
  if (split.unsupported.empty()) return "";
  return fmt::format("compiled with nvcc: the nvrtc engine does not support {}", describe_first_issue(split));
}

CompileOutcome compile(const CompileRequest& r) {
  if (r.engine == "nvcc") return compile_nvcc(r);
  if (r.engine != "nvrtc" && r.engine != "auto") {
    CompileOutcome out;
    out.status = CompileOutcome::Status::tool_error;
    out.log = fmt::format("unknown compiler engine '{}' (use auto, nvrtc or nvcc)", r.engine);
    return out;
  }
  auto text = util::read_text_file(r.source);
  if (!text) {
    CompileOutcome out;
    out.status = CompileOutcome::Status::compile_error;
    out.log = text.error().message;
    return out;
  }
  const SplitResult split = split_with_headers(r, *text);
  if (r.engine == "nvrtc") return compile_nvrtc(r, split);
  if (!split.unsupported.empty()) {
    CompileOutcome out = compile_nvcc(r);
    out.note = nvcc_fallback_note(split);
    return out;
  }
  CompileOutcome out = compile_nvrtc(r, split);
  if (out.status != CompileOutcome::Status::compile_error) return out;
  CompileOutcome confirmed = compile_nvcc(r);
  confirmed.compile_ms += out.compile_ms;
  if (confirmed.status == CompileOutcome::Status::ok)
    confirmed.note = nvrtc_failure_note(out.log, *text, r.display_name);
  return confirmed;
}

}  // namespace judge::compile
