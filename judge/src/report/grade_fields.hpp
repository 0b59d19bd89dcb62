// Reading fields of a judge-grade/1 document that check_grade_report accepted, shared by the
// renderers: optional fields read as empty, so renderers never throw on a missing key.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge::report::gradedoc {

using Json = nlohmann::json;

// The value of `key` when it is a string, else "".
inline std::string text(const Json& obj, std::string_view key) {
  const auto it = obj.find(std::string(key));
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The value of `key` when it is a number, else nothing (absent or null: no result).
inline std::optional<double> number(const Json& obj, std::string_view key) {
  const auto it = obj.find(std::string(key));
  if (it == obj.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

// The list at `key`, or an empty one: renderers never index a missing key.
inline const Json& list(const Json& obj, std::string_view key) {
  static const Json empty = Json::array();
  const auto it = obj.find(std::string(key));
  return it != obj.end() && it->is_array() ? *it : empty;
}

// A test's "details": judge-run/1 writes a list of lines; a single string is accepted too.
inline std::vector<std::string> detail_lines(const Json& test) {
  std::vector<std::string> lines;
  const auto it = test.find("details");
  if (it == test.end()) return lines;
  if (it->is_string()) {
    const std::string s = it->get<std::string>();
    for (std::size_t pos = 0; pos <= s.size();) {
      const std::size_t nl = s.find('\n', pos);
      if (nl == std::string::npos) {
        if (pos < s.size()) lines.push_back(s.substr(pos));
        break;
      }
      lines.push_back(s.substr(pos, nl - pos));
      pos = nl + 1;
    }
  } else if (it->is_array()) {
    for (const Json& line : *it)
      if (line.is_string()) lines.push_back(line.get<std::string>());
  }
  return lines;
}

// "compiled" (--compile-only) counts as passing, like AC.
inline bool passed(std::string_view verdict) {
  return verdict == "AC" || verdict == "compiled";
}

// JUnit's split: the program ran and its output broke a rule (a failed assertion) versus it
// could not be judged to the end (did not build, crashed, ran out of time or memory, or the judge
// itself failed). docs/grading.md lists the mapping.
inline bool is_failure(std::string_view verdict) {
  return verdict == "WA" || verdict == "OLE";
}

// Every verdict a submission may carry, in the order totals list them.
inline const std::vector<std::string>& verdict_order() {
  static const std::vector<std::string> order = {"AC", "WA", "TLE", "RTE", "CE", "OLE", "MLE", "JE", "compiled"};
  return order;
}

// "alice/x.cu (alice)" style label used in titles.
inline std::string who(const Json& submission) {
  const std::string student = text(submission, "student");
  return student.empty() ? text(submission, "id") : student;
}

}  // namespace judge::report::gradedoc
