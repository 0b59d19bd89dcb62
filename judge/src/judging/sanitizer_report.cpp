#include "judging/sanitizer_report.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace judge::judging {
namespace {

constexpr std::string_view kPrefix = "=========";

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// "1,024" and "0x7f6510c00000": numbers as the tool prints them.
std::optional<std::uint64_t> parse_number(std::string_view s) {
  std::string digits;
  const bool hex = starts_with(s, "0x") || starts_with(s, "0X");
  for (char c : hex ? s.substr(2) : s) {
    if (c == ',') continue;
    if (!std::isxdigit(static_cast<unsigned char>(c)) || (!hex && !std::isdigit(static_cast<unsigned char>(c)))) break;
    digits += c;
  }
  if (digits.empty() || digits.size() > 16) return std::nullopt;
  return std::strtoull(digits.c_str(), nullptr, hex ? 16 : 10);
}

// The word after `key` in `s` ("0x1234" after "Address "), or empty.
std::string_view word_after(std::string_view s, std::string_view key) {
  const std::size_t at = s.find(key);
  if (at == std::string_view::npos) return {};
  std::string_view rest = s.substr(at + key.size());
  return rest.substr(0, rest.find_first_of(" \t"));
}

// "fn(int *)+0x40 in file.cu:12" (current) or "0x40 in file.cu:12:fn(int*)" (older releases):
// the function and file:line, when the text after " at " names a source line.
bool parse_location(std::string_view after_at, std::string& kernel, std::string& location) {
  const std::size_t in = after_at.rfind(" in ");
  if (in == std::string_view::npos) return false;
  std::string_view where = trim(after_at.substr(in + 4));
  where = where.substr(0, where.find(" ["));  // racecheck's " [N hazards]"
  // file:line, maybe followed by :function.
  std::size_t colon = where.find(':');
  while (colon != std::string_view::npos &&
         (colon + 1 >= where.size() || !std::isdigit(static_cast<unsigned char>(where[colon + 1]))))
    colon = where.find(':', colon + 1);
  if (colon == std::string_view::npos) return false;
  std::size_t end = colon + 1;
  while (end < where.size() && std::isdigit(static_cast<unsigned char>(where[end]))) ++end;
  location = std::string(where.substr(0, end));
  std::string_view fn = trim(after_at.substr(0, in));
  if (starts_with(fn, "0x") && end < where.size() && where[end] == ':') fn = where.substr(end + 1);
  if (const std::size_t plus = fn.rfind("+0x"); plus != std::string_view::npos) fn = fn.substr(0, plus);
  kernel = std::string(trim(fn));
  return true;
}

// One record's details: locations, thread and block, address.
void read_detail(std::string_view line, SanitizerFinding& f) {
  const std::string_view t = trim(line);
  if (t.find("Frame:") != std::string_view::npos || starts_with(t, "Saved host backtrace")) return;
  if (const std::size_t at = t.find(" at "); at != std::string_view::npos || starts_with(t, "at ")) {
    const std::size_t from = starts_with(t, "at ") ? 3 : at + 4;
    std::string kernel, location;
    if (parse_location(t.substr(from), kernel, location)) {
      if (f.location.empty()) {
        f.location = location;
        f.kernel = kernel;
      } else if (f.other_location.empty()) {
        f.other_location = location;
        if (starts_with(t, "and ") && at != std::string_view::npos)  // "and Read access at ..."
          f.kind += " and " + std::string(t.substr(4, at - 4));
      }
    }
  }
  if (const std::size_t h = t.rfind(" hazard"); h != std::string_view::npos && t.rfind('[') != std::string_view::npos) {
    const std::size_t open = t.rfind('[');
    if (open < h) f.hazards = std::string(t.substr(open + 1, t.find(']', open) - open - 1));
  }
  if (t.find("thread (") != std::string_view::npos && f.thread.empty()) {
    const std::size_t a = t.find("thread (") + 7;
    f.thread = std::string(t.substr(a, t.find(')', a) - a + 1));
    if (const std::size_t b = t.find("block ("); b != std::string_view::npos)
      f.block = std::string(t.substr(b + 6, t.find(')', b) - b - 5));
  }
  if (starts_with(t, "Uninitialized access at ") && !f.address) {  // initcheck, a host API copy
    f.address = parse_number(word_after(t, "access at "));
  } else if ((starts_with(t, "Address ") || starts_with(t, "Access to ")) && !f.address) {
    // "Address 0x... is out of bounds" before compute-sanitizer 2025.3, "Access to 0x... is out
    // of bounds" from it on (CUDA 13.0, seen on an H200).
    const std::string_view key = starts_with(t, "Address ") ? "Address " : "Access to ";
    f.address = parse_number(word_after(t, key));
    const std::size_t note = t.find(' ', key.size());
    if (note != std::string_view::npos) f.address_note = std::string(trim(t.substr(note)));
  } else if (starts_with(t, "and is ") && f.address) {
    f.address_note += (f.address_note.empty() ? "" : " ") + std::string(t);
    const std::optional<std::uint64_t> n = parse_number(t.substr(7));
    f.allocation = parse_number(word_after(t, "allocation at "));
    if (n && t.find(" after ") != std::string_view::npos) f.bytes_after = static_cast<std::int64_t>(*n);
    if (n && t.find(" before ") != std::string_view::npos) f.bytes_before = static_cast<std::int64_t>(*n);
  }
}

// A record's headline: its kind, and for some tools its first location too.
SanitizerFinding start_finding(std::string_view headline) {
  SanitizerFinding f;
  std::string_view h = trim(headline);
  for (std::string_view level : {"Error: ", "ERROR: ", "Warning: ", "WARNING: "}) {
    if (starts_with(h, level)) {
      f.error = level[0] == 'E';
      h.remove_prefix(level.size());
    }
  }
  f.api_error = starts_with(h, "Program hit ");
  f.kind = std::string(h);
  if (!f.api_error) {
    if (const std::size_t at = h.find(" at "); at != std::string_view::npos) {
      f.kind = std::string(h.substr(0, at));
      read_detail(h.substr(at), f);  // the location (racecheck), hazard counts and the like
    }
  }
  if (!f.kind.empty() && f.kind.back() == '.') f.kind.pop_back();
  f.lines.emplace_back(headline);
  return f;
}

// Lines of the sanitizer's own that are not findings.
bool is_banner(std::string_view h) {
  return starts_with(h, "COMPUTE-SANITIZER") || starts_with(h, "Target application returned") ||
         starts_with(h, "LEAK SUMMARY") || starts_with(h, "No CUDA");
}

std::optional<int> summary_count(std::string_view h) {
  if (starts_with(h, "ERROR SUMMARY: ")) {
    if (auto n = parse_number(h.substr(15))) return static_cast<int>(*n);
  }
  if (starts_with(h, "RACECHECK SUMMARY: ")) {  // "1 hazard displayed (1 error, 0 warnings)"
    const std::size_t open = h.find('(');
    if (open != std::string_view::npos)
      if (auto n = parse_number(h.substr(open + 1))) return static_cast<int>(*n);
  }
  return std::nullopt;
}

}  // namespace

int SanitizerReport::errors() const {
  const int listed = static_cast<int>(std::count_if(findings.begin(), findings.end(),
                                                    [](const SanitizerFinding& f) { return f.error && !f.api_error; }));
  return std::max(summary_errors.value_or(0), listed);
}

SanitizerReport parse_sanitizer_output(std::string_view text) {
  SanitizerReport r;
  std::optional<SanitizerFinding> open;
  auto close = [&] {
    if (open) r.findings.push_back(std::move(*open));
    open.reset();
  };
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    // A solution's unfinished line may run into the tool's: split them.
    const std::size_t at = line.find(kPrefix);
    if (at == std::string_view::npos) {
      r.program_output += std::string(line) + "\n";
      continue;
    }
    if (at > 0) r.program_output += std::string(line.substr(0, at)) + "\n";
    std::string_view body = line.substr(at + kPrefix.size());
    if (!body.empty() && body.front() == ' ') body.remove_prefix(1);
    if (trim(body).empty()) {
      close();
    } else if (std::isspace(static_cast<unsigned char>(body.front()))) {
      if (open) {
        read_detail(body, *open);
        open->lines.emplace_back(body);
      }
    } else if (auto n = summary_count(body)) {
      close();
      r.summary_errors = std::max(r.summary_errors.value_or(0), *n);
    } else if (is_banner(body)) {
      close();
    } else {
      close();
      open = start_finding(body);
    }
  }
  close();
  return r;
}

}  // namespace judge::judging
