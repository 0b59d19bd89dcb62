// Engine choice: nvrtc when the splitter can express the whole file, nvcc otherwise (auto), or
// the engine the user forced. auto also re-checks an nvrtc compile error with nvcc, so a gap in
// the split can cost time but never a verdict.
#include <fmt/format.h>

#include <map>
#include <tuple>

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
    confirmed.note = "compiled with nvcc: nvrtc rejected a file nvcc accepts (please report it)";
  return confirmed;
}

}  // namespace judge::compile
