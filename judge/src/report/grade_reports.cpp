// Checking and merging grade reports (judge-grade/1). The checker is tolerant of keys it does not
// know (a newer judge may add some within the same format version) and strict about the ones it
// reads, so every renderer can trust the shapes below.
#include "report/grade_reports.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <set>

#include "judging/verdict.hpp"
#include "report/grade_fields.hpp"
#include "spec/json_reader.hpp"

namespace judge::report {
namespace {

using Json = nlohmann::json;
using spec::JsonPath;

enum class Kind { string, number, uint, boolean, object, list };

bool holds(const Json& v, Kind k) {
  switch (k) {
    case Kind::string:
      return v.is_string();
    case Kind::number:
      return v.is_number();
    case Kind::uint:
      return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
    case Kind::boolean:
      return v.is_boolean();
    case Kind::object:
      return v.is_object();
    case Kind::list:
      return v.is_array();
  }
  return false;
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::string:
      return "a string";
    case Kind::number:
      return "a number";
    case Kind::uint:
      return "an unsigned integer";
    case Kind::boolean:
      return "true or false";
    case Kind::object:
      return "an object";
    case Kind::list:
      return "a list";
  }
  return "?";
}

struct Rule {
  const char* key;
  Kind kind;
  bool required;
  bool nullable;
};
constexpr bool kRequired = true, kOptional = false, kNullable = true, kNotNull = false;

Status check_fields(const Json& obj, const JsonPath& at, std::initializer_list<Rule> rules) {
  if (auto s = spec::expect_object(obj, at); !s) return s;
  for (const Rule& r : rules) {
    const auto it = obj.find(r.key);
    if (it == obj.end()) {
      if (r.required) return at.error(fmt::format("missing required key '{}'", r.key));
      continue;
    }
    if (it->is_null() && r.nullable) continue;
    if (!holds(*it, r.kind))
      return at.key(r.key).error(fmt::format("expected {}{}, got {}", kind_name(r.kind), r.nullable ? " or null" : "",
                                             spec::describe_json_type(*it)));
  }
  return Ok{};
}

Status check_shard(const Json& shard, const JsonPath& at) {
  if (auto s = check_fields(shard, at,
                            {{"index", Kind::uint, kRequired, kNotNull}, {"count", Kind::uint, kRequired, kNotNull}});
      !s)
    return s;
  const auto index = shard["index"].get<std::uint64_t>(), count = shard["count"].get<std::uint64_t>();
  if (count == 0 || index == 0 || index > count)
    return at.error(fmt::format("shard {}/{} is not possible: shards are numbered 1 to count", index, count));
  return Ok{};
}

Status check_test(const Json& t, const JsonPath& at) {
  if (auto s = check_fields(t, at,
                            {{"name", Kind::string, kRequired, kNotNull},
                             {"kind", Kind::string, kOptional, kNotNull},
                             {"verdict", Kind::string, kRequired, kNotNull},
                             {"summary", Kind::string, kOptional, kNotNull}});
      !s)
    return s;
  if (!judging::parse_verdict(t["verdict"].get<std::string>()))
    return at.key("verdict").error(
        fmt::format("unknown verdict '{}' (a test's verdict is AC, WA, TLE, RTE, CE, OLE, MLE or JE)",
                    t["verdict"].get<std::string>()));
  if (const auto d = t.find("details"); d != t.end() && !d->is_string()) {
    if (!d->is_array())
      return at.key("details").error("expected a list of lines or a string, got " + spec::describe_json_type(*d));
    for (std::size_t i = 0; i < d->size(); ++i)
      if (!(*d)[i].is_string())
        return at.key("details").index(i).error("expected a string, got " + spec::describe_json_type((*d)[i]));
  }
  return Ok{};
}

Status check_submission(const Json& sub, const JsonPath& at, std::size_t gpu_count) {
  if (auto s = check_fields(sub, at,
                            {{"id", Kind::string, kRequired, kNotNull},
                             {"file", Kind::string, kOptional, kNotNull},
                             {"student", Kind::string, kOptional, kNullable},
                             {"challenge", Kind::string, kRequired, kNotNull},
                             {"verdict", Kind::string, kRequired, kNotNull},
                             {"summary", Kind::string, kOptional, kNotNull},
                             {"engine", Kind::string, kOptional, kNotNull},
                             {"note", Kind::string, kOptional, kNotNull},
                             {"gpu", Kind::uint, kOptional, kNullable},
                             {"compile_ms", Kind::number, kOptional, kNullable},
                             {"judge_seconds", Kind::number, kOptional, kNullable},
                             {"median_ms", Kind::number, kOptional, kNullable},
                             {"percentile", Kind::number, kOptional, kNullable},
                             {"tests", Kind::list, kRequired, kNotNull},
                             {"compile_log", Kind::string, kOptional, kNotNull}});
      !s)
    return s;
  if (sub["id"].get<std::string>().empty())
    return at.key("id").error("is empty: an id is the file's path relative to the graded root");
  if (sub["challenge"].get<std::string>().empty())
    return at.key("challenge").error("is empty: expected a challenge slug");
  const std::string verdict = sub["verdict"].get<std::string>();
  if (verdict != "compiled" && !judging::parse_verdict(verdict))
    return at.key("verdict").error(
        fmt::format("unknown verdict '{}' (expected AC, WA, TLE, RTE, CE, OLE, MLE, JE or compiled)", verdict));
  if (const auto g = sub.find("gpu"); g != sub.end() && !g->is_null() && g->get<std::uint64_t>() >= gpu_count)
    return at.key("gpu").error(
        fmt::format("GPU {} is not in $.gpus, which lists {}", g->get<std::uint64_t>(), gpu_count));
  const Json& tests = sub["tests"];
  for (std::size_t i = 0; i < tests.size(); ++i)
    if (auto s = check_test(tests[i], at.key("tests").index(i)); !s) return s;
  return Ok{};
}

Json count_by_verdict(const Json& submissions) {
  Json by = Json::object();
  for (const Json& s : submissions) {
    const std::string v = s["verdict"].get<std::string>();
    by[v] = by.value(v, 0) + 1;
  }
  return by;
}

// Totals are derived data: a mismatch means the document was edited or cut, so say so.
Status check_totals(const Json& report, const JsonPath& at) {
  const auto t = report.find("totals");
  if (t == report.end()) return Ok{};
  if (auto s = check_fields(
          *t, at,
          {{"submissions", Kind::uint, kRequired, kNotNull}, {"by_verdict", Kind::object, kRequired, kNotNull}});
      !s)
    return s;
  const Json& subs = report["submissions"];
  if ((*t)["submissions"].get<std::uint64_t>() != subs.size())
    return at.key("submissions")
        .error(fmt::format("says {} but $.submissions lists {}: the report is incomplete or edited",
                           (*t)["submissions"].get<std::uint64_t>(), subs.size()));
  const Json counted = count_by_verdict(subs);
  for (const auto& [verdict, n] : (*t)["by_verdict"].items()) {
    if (!holds(n, Kind::uint))
      return at.key("by_verdict")
          .key(verdict)
          .error("expected an unsigned integer, got " + spec::describe_json_type(n));
    if (n.get<std::uint64_t>() != counted.value(verdict, std::uint64_t{0}))
      return at.key("by_verdict")
          .key(verdict)
          .error(fmt::format("says {} but $.submissions has {} with verdict {}", n.get<std::uint64_t>(),
                             counted.value(verdict, 0), verdict));
  }
  for (const auto& [verdict, n] : counted.items())
    if (!(*t)["by_verdict"].contains(verdict))
      return at.key("by_verdict")
          .error(fmt::format("has no entry for {} but $.submissions has {}", verdict, n.get<int>()));
  return Ok{};
}

}  // namespace

Status check_grade_report(const Json& report, const std::string& file_name) {
  const JsonPath at(file_name);
  if (auto s = check_fields(report, at,
                            {{"format", Kind::string, kRequired, kNotNull},
                             {"judge_version", Kind::string, kRequired, kNotNull},
                             {"created", Kind::string, kOptional, kNotNull},
                             {"root", Kind::string, kOptional, kNotNull},
                             {"shard", Kind::object, kOptional, kNullable},
                             {"shards", Kind::list, kOptional, kNotNull},
                             {"compile_only", Kind::boolean, kOptional, kNotNull},
                             {"tests", Kind::string, kOptional, kNotNull},
                             {"gpus", Kind::list, kOptional, kNotNull},
                             {"wall_seconds", Kind::number, kOptional, kNullable},
                             {"submissions", Kind::list, kRequired, kNotNull},
                             {"totals", Kind::object, kOptional, kNotNull}});
      !s)
    return s;
  const std::string format = report["format"].get<std::string>();
  if (format != kGradeFormat)
    return at.key("format").error(
        format.starts_with("judge-grade/")
            ? fmt::format("'{}' is another version of the grade format; this judge reads {}", format, kGradeFormat)
            : fmt::format("'{}' is not a grade report (expected {}, written by 'judge grade --json')", format,
                          kGradeFormat));
  if (const auto sh = report.find("shard"); sh != report.end() && !sh->is_null())
    if (auto s = check_shard(*sh, at.key("shard")); !s) return s;
  if (const auto shs = report.find("shards"); shs != report.end()) {
    for (std::size_t i = 0; i < shs->size(); ++i) {
      const JsonPath e = at.key("shards").index(i);
      if (auto s = check_fields((*shs)[i], e,
                                {{"file", Kind::string, kRequired, kNotNull},
                                 {"index", Kind::uint, kOptional, kNullable},
                                 {"count", Kind::uint, kOptional, kNullable}});
          !s)
        return s;
      if (!(*shs)[i].value("index", Json()).is_null())
        if (auto s = check_shard((*shs)[i], e); !s) return s;
    }
  }
  std::size_t gpu_count = 0;
  if (const auto g = report.find("gpus"); g != report.end()) {
    gpu_count = g->size();
    for (std::size_t i = 0; i < g->size(); ++i)
      if (auto s = check_fields((*g)[i], at.key("gpus").index(i),
                                {{"index", Kind::uint, kOptional, kNotNull},
                                 {"name", Kind::string, kRequired, kNotNull},
                                 {"key", Kind::string, kOptional, kNotNull},
                                 {"arch", Kind::string, kOptional, kNotNull}});
          !s)
        return s;
  }
  const Json& subs = report["submissions"];
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < subs.size(); ++i) {
    const JsonPath e = at.key("submissions").index(i);
    if (auto s = check_submission(subs[i], e, gpu_count); !s) return s;
    const auto [it, fresh] = seen.emplace(subs[i]["id"].get<std::string>(), i);
    if (!fresh)
      return e.key("id").error(
          fmt::format("'{}' is also $.submissions[{}]: ids must be unique", it->first, it->second));
  }
  return check_totals(report, at.key("totals"));
}

}  // namespace judge::report
