#include "grade/manifest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "judging/verdict.hpp"
#include "spec/json_reader.hpp"
#include "util/spell.hpp"

namespace judge::grade {
namespace fs = std::filesystem;

namespace {

// One manifest row's fields, checked the same way for CSV and JSON; `where` prefixes errors
// ("manifest.csv:4" or "manifest.json: $.submissions[2]").
struct Row {
  std::string file, challenge, student, expected;
};

Result<Submission> to_submission(const Row& row, const fs::path& manifest, const std::vector<std::string>& slugs,
                                 const std::string& where) {
  if (row.file.empty()) return make_error(where + ": 'file' is empty");
  if (row.challenge.empty()) return make_error(where + ": 'challenge' is empty");
  if (std::find(slugs.begin(), slugs.end(), row.challenge) == slugs.end()) {
    std::string msg = fmt::format("{}: unknown challenge '{}'", where, row.challenge);
    if (auto near = util::closest_match(row.challenge, slugs)) msg += fmt::format("; did you mean '{}'?", *near);
    return make_error(msg);
  }
  const fs::path base = fs::absolute(manifest).lexically_normal().parent_path();
  const fs::path file = (base / row.file).lexically_normal();
  std::error_code ec;
  if (!fs::is_regular_file(file, ec))
    return make_error(fmt::format("{}: no such file '{}' (paths are relative to the manifest's folder {})", where,
                                  row.file, base.string()));
  if (!row.expected.empty() && row.expected != "compiled" && !judging::parse_verdict(row.expected))
    return make_error(fmt::format(
        "{}: 'expected' is '{}', not a verdict (AC, WA, TLE, RTE, CE, OLE, MLE, JE or compiled)", where, row.expected));
  Submission s;
  const fs::path rel = file.lexically_relative(base);
  s.id = (!rel.empty() && *rel.begin() != "..") ? rel.generic_string() : file.generic_string();
  s.file = file;
  s.challenge = row.challenge;
  if (!row.student.empty()) s.student = row.student;
  if (!row.expected.empty()) s.expected = row.expected;
  return s;
}

Status check_unique(const std::vector<Submission>& subs, const std::vector<std::string>& wheres) {
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < subs.size(); ++i) {
    auto [it, fresh] = seen.emplace(subs[i].id, i);
    if (!fresh)
      return make_error(
          fmt::format("{}: '{}' is listed twice (first at {})", wheres[i], subs[i].id, wheres[it->second]));
  }
  return Ok{};
}

}  // namespace

std::optional<std::vector<std::string>> split_csv_line(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        fields.back() += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.emplace_back();
    } else if (ch != '\r') {
      fields.back() += ch;
    }
  }
  if (quoted) return std::nullopt;
  for (std::string& f : fields) {  // spaces around a field are layout, not content
    const auto b = f.find_first_not_of(" \t"), e = f.find_last_not_of(" \t");
    f = b == std::string::npos ? "" : f.substr(b, e - b + 1);
  }
  return fields;
}

Result<std::vector<Submission>> read_csv_manifest(const fs::path& file, const std::vector<std::string>& slugs) {
  std::ifstream in(file);
  if (!in) return make_error(fmt::format("{}: cannot read the manifest", file.string()));
  const std::string name = file.string();
  std::map<std::string, std::size_t> column;  // header name -> position
  std::vector<Submission> subs;
  std::vector<std::string> wheres;
  std::size_t line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    const std::string where = fmt::format("{}:{}", name, line_no);
    if (line.find_first_not_of(" \t\r") == std::string::npos || line.starts_with('#')) continue;
    auto fields = split_csv_line(line);
    if (!fields) return make_error(where + ": a quoted field is not closed");
    if (column.empty()) {
      for (std::size_t i = 0; i < fields->size(); ++i) column[(*fields)[i] == "slug" ? "challenge" : (*fields)[i]] = i;
      for (const char* needed : {"file", "challenge"}) {
        if (!column.count(needed))
          return make_error(fmt::format(
              "{}: the header has no '{}' column (expected: file,challenge[,student][,expected])", where, needed));
      }
      continue;
    }
    auto field = [&](const char* col) {
      auto it = column.find(col);
      return it != column.end() && it->second < fields->size() ? (*fields)[it->second] : std::string();
    };
    if (fields->size() < column.size())
      return make_error(fmt::format("{}: {} fields, but the header names {}", where, fields->size(), column.size()));
    auto s =
        to_submission({field("file"), field("challenge"), field("student"), field("expected")}, file, slugs, where);
    if (!s) return s.error();
    subs.push_back(std::move(*s));
    wheres.push_back(where);
  }
  if (column.empty()) return make_error(fmt::format("{}: empty manifest (expected a header: file,challenge)", name));
  if (auto u = check_unique(subs, wheres); !u) return u.error();
  return subs;
}

Result<std::vector<Submission>> read_json_manifest(const fs::path& file, const std::vector<std::string>& slugs) {
  auto doc = spec::read_json_file(file);
  if (!doc) return doc.error();
  spec::JsonPath at(file.string());
  const spec::Json* list = &*doc;
  if (doc->is_object()) {
    if (auto k = spec::expect_keys(*doc, at, {"format", "submissions"}, {"submissions"}); !k) return k.error();
    list = &(*doc)["submissions"];
    at = at.key("submissions");
  }
  if (auto a = spec::expect_array(*list, at); !a) return a.error();
  std::vector<Submission> subs;
  std::vector<std::string> wheres;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const spec::Json& e = (*list)[i];
    const spec::JsonPath ep = at.index(i);
    if (auto k = spec::expect_keys(e, ep, {"file", "challenge", "student", "expected"}, {"file", "challenge"}); !k)
      return k.error();
    Row row;
    for (auto [key, dest] : {std::pair{"file", &row.file}, std::pair{"challenge", &row.challenge},
                             std::pair{"student", &row.student}, std::pair{"expected", &row.expected}}) {
      if (!e.contains(key) || e[key].is_null()) continue;
      auto v = spec::get_string(e[key], ep.key(key));
      if (!v) return v.error();
      *dest = *v;
    }
    const std::string where = fmt::format("{}: {}", file.string(), ep.path());
    auto s = to_submission(row, file, slugs, where);
    if (!s) return s.error();
    subs.push_back(std::move(*s));
    wheres.push_back(where);
  }
  if (auto u = check_unique(subs, wheres); !u) return u.error();
  return subs;
}

}  // namespace judge::grade
