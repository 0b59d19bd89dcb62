#include "compile/compile_log.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>

namespace judge::compile {
namespace {

using Severity = LogMessage::Severity;

Severity severity_of(const std::string& word) {
  if (word == "error" || word == "fatal error" || word == "catastrophic error") return Severity::error;
  if (word == "warning") return Severity::warning;
  return Severity::other;
}

// A header line starts a message: EDG's `f.cu(7): error #20: text` (NVRTC, nvcc's front end),
// GCC's `f.cu:7:3: error: text`, ptxas's `ptxas error   : text`, and the linker's errors.
std::optional<LogMessage> log_header(const std::string& line) {
  static const std::regex edg(R"(^(.*)\((\d+)\): (catastrophic error|error|warning|remark)( #\d+(-D)?)?: (.*)$)");
  static const std::regex gcc(R"(^(.*?):(\d+):(\d+:)? (fatal error|error|warning|note): (.*)$)");
  static const std::regex ptxas(R"(^ptxas (error|warning) *: (.*)$)");
  static const std::regex tool(R"(^(\S+): (fatal error|error): (.*)$)");
  std::smatch m;
  LogMessage msg;
  msg.header = line;
  if (std::regex_match(line, m, edg)) {
    msg.severity = severity_of(m[3]);
    msg.file = m[1];
    msg.line = std::stoi(m[2]);
    msg.text = m[6];
    msg.edg = true;
  } else if (std::regex_match(line, m, gcc)) {
    if (m[4] == "note") return std::nullopt;  // a note belongs to the message before it
    msg.severity = severity_of(m[4]);
    msg.file = m[1];
    msg.line = std::stoi(m[2]);
    msg.text = m[5];
  } else if (std::regex_match(line, m, ptxas)) {
    msg.severity = severity_of(m[1]);
    msg.text = m[2];
  } else if (std::regex_match(line, m, tool)) {
    msg.severity = Severity::error;
    msg.text = m[3];
  } else if (line.find("undefined reference to") != std::string::npos) {
    msg.severity = Severity::error;
    msg.text = line;
  } else {
    return std::nullopt;
  }
  return msg;
}

// GCC's context lines come before the message they introduce.
bool context_line(const std::string& line) {
  static const std::regex context(
      R"(^(In file included from .*|\s+from .*[,:]|.*: (In|At) [^:]*:|.*:\d+:(\d+:)?\s+required (from|by) .*))");
  return std::regex_match(line, context);
}

// "N errors detected in the compilation of ..." closes an EDG log.
bool summary_line(const std::string& line) {
  static const std::regex summary(R"(^\d+ errors? detected in the compilation of .*$)");
  return std::regex_match(line, summary);
}

bool judge_location(const std::string& file, const LogOptions& o) {
  if (file.empty()) return false;
  for (const std::string& f : o.judge_files)
    if (!f.empty() && (file == f || (file.size() > f.size() && file.ends_with("/" + f)))) return true;
  for (const std::string& d : o.judge_folders)
    if (!d.empty() && file.starts_with(d.ends_with('/') ? d : d + "/")) return true;
  return false;
}

bool names_judge_file(const std::string& line, const LogOptions& o) {
  for (const std::string& f : o.judge_files)
    if (!f.empty() && line.find(f) != std::string::npos) return true;
  return false;
}

// Include chains ("In file included from a:1," then "from b:2:") that pass through the judge's
// own text (the prelude includes <cmath>) go; so does NVRTC's hint on suppressing warnings.
void drop_judge_lines(std::vector<std::string>& lines, const LogOptions& o) {
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < lines.size();) {
    std::size_t end = i + 1;
    if (lines[i].starts_with("In file included from ")) {
      while (end < lines.size() && lines[end].starts_with(" ") && lines[end].find("from ") != std::string::npos) ++end;
      bool judge = false;
      for (std::size_t k = i; k < end; ++k) judge |= names_judge_file(lines[k], o);
      if (!judge)
        kept.insert(kept.end(), lines.begin() + static_cast<std::ptrdiff_t>(i),
                    lines.begin() + static_cast<std::ptrdiff_t>(end));
    } else if (!lines[i].starts_with("Remark: The warnings can be suppressed")) {
      kept.push_back(lines[i]);
    }
    i = end;
  }
  lines = std::move(kept);
}

bool gcc_note(const std::string& line) {
  static const std::regex note(R"(^(.*?):(\d+):(\d+:)? note: .*$)");
  return std::regex_match(line, note);
}

}  // namespace

// The log cut into messages, in order; lines before the first header and summary lines
// ("1 error detected in ...") are messages of severity `other` without a file.
std::vector<LogMessage> parse_compile_log(std::string_view log) {
  std::vector<LogMessage> out;
  std::vector<std::string> pending;  // context lines waiting for their message
  bool open = false;                 // whether lines after a header still belong to it
  std::size_t start = 0;
  while (start < log.size()) {
    std::size_t end = log.find('\n', start);
    if (end == std::string_view::npos) end = log.size();
    std::string line(log.substr(start, end - start));
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (auto h = log_header(line)) {
      h->lines = std::move(pending);
      pending.clear();
      h->lines.push_back(line);
      out.push_back(std::move(*h));
      open = true;
    } else if (summary_line(line)) {
      LogMessage s;
      s.header = line;
      s.lines = {line};
      out.push_back(std::move(s));
      open = false;
    } else if (open && gcc_note(line)) {
      // A note (with the include chain before it) belongs to the message it explains.
      out.back().lines.insert(out.back().lines.end(), pending.begin(), pending.end());
      pending.clear();
      out.back().lines.push_back(line);
    } else if (context_line(line)) {
      pending.push_back(line);
    } else if (open && pending.empty()) {
      out.back().lines.push_back(line);
    } else {
      pending.push_back(line);
    }
  }
  if (!pending.empty()) {
    LogMessage rest;
    rest.lines = std::move(pending);
    out.push_back(std::move(rest));
  }
  return out;
}

// The tidy log (see the file comment); the empty string stays empty.
std::string tidy_compile_log(std::string_view log, const LogOptions& o) {
  std::vector<LogMessage> errors, others;
  for (LogMessage& m : parse_compile_log(log)) {
    if (m.severity != Severity::error && judge_location(m.file, o)) continue;
    drop_judge_lines(m.lines, o);
    // A message left with blank lines only (a dropped remark) says nothing.
    if (std::all_of(m.lines.begin(), m.lines.end(),
                    [](const std::string& l) { return l.find_first_not_of(" \t") == std::string::npos; }))
      continue;
    (m.severity == Severity::error ? errors : others).push_back(std::move(m));
  }
  std::vector<LogMessage> ordered = std::move(errors);
  for (LogMessage& m : others) ordered.push_back(std::move(m));
  std::string out;
  int shown = 0, hidden_lines = 0, hidden_errors = 0, hidden_warnings = 0;
  bool cut = false;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const LogMessage& m = ordered[i];
    const int n = static_cast<int>(m.lines.size());
    // The first message is an error whenever the log has one: it is shown whole, however long.
    if (cut || (i > 0 && shown + n > o.max_lines)) {
      cut = true;
      hidden_lines += n;
      hidden_errors += m.severity == Severity::error;
      hidden_warnings += m.severity == Severity::warning;
      continue;
    }
    for (const std::string& l : m.lines) out += l + "\n";
    shown += n;
  }
  if (hidden_lines) {
    std::string what;
    if (hidden_errors) what += fmt::format("{} more error{}", hidden_errors, hidden_errors == 1 ? "" : "s");
    if (hidden_warnings)
      what += fmt::format("{}{} warning{}", what.empty() ? "" : ", ", hidden_warnings, hidden_warnings == 1 ? "" : "s");
    out += fmt::format("({} more lines not shown{})\n", hidden_lines, what.empty() ? "" : ": " + what);
  }
  return out;
}

// The first error of a log, if it has one.
std::optional<LogMessage> first_compile_error(std::string_view log) {
  for (LogMessage& m : parse_compile_log(log))
    if (m.severity == Severity::error) return std::move(m);
  return std::nullopt;
}

}  // namespace judge::compile
