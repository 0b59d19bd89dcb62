#include "spec/json_reader.hpp"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace judge::spec {

Error JsonPath::error(std::string_view message) const {
  return make_error(fmt::format("{}: {}: {}", file_, path_, message));
}

Result<Json> read_json_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return make_error(fmt::format("{}: cannot open file", file.string()));
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  try {
    return Json::parse(s);
  } catch (const nlohmann::json::parse_error& e) {
    // Turn the byte offset into line:column, which editors understand.
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < s.size(); ++i) {
      if (s[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    std::string what = e.what();
    const auto pos = what.find("syntax error");
    if (pos != std::string::npos) what = what.substr(pos);
    return make_error(fmt::format("{}:{}:{}: invalid JSON: {}", file.string(), line, col, what));
  } catch (const nlohmann::json::exception& e) {
    // Not a syntax error but still the document's fault, e.g. out_of_range.406 "number overflow
    // parsing '1e309'" (found by fuzzing; judge/tests/fuzz_regressions/baseline/number-overflow).
    std::string what = e.what();
    if (const auto end = what.find("] "); what.starts_with("[json.exception.") && end != std::string::npos)
      what = what.substr(end + 2);
    return make_error(fmt::format("{}: invalid JSON: {}", file.string(), what));
  }
}

std::string describe_json_type(const Json& j) {
  switch (j.type()) {
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "a list";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_float:
      return "a number";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::null:
      return "null";
    default:
      return "something else";
  }
}

Status expect_object(const Json& j, const JsonPath& at) {
  if (!j.is_object()) return at.error("expected an object, got " + describe_json_type(j));
  return Ok{};
}

Status expect_array(const Json& j, const JsonPath& at) {
  if (!j.is_array()) return at.error("expected a list, got " + describe_json_type(j));
  return Ok{};
}

Status expect_keys(const Json& j, const JsonPath& at, std::initializer_list<std::string_view> allowed,
                   std::initializer_list<std::string_view> required) {
  if (auto s = expect_object(j, at); !s) return s;
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (std::string_view a : allowed) known = known || a == key;
    if (!known) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      return at.key(key).error(fmt::format("unknown key (allowed here: {})", list));
    }
  }
  for (std::string_view r : required) {
    if (!j.contains(std::string(r))) return at.error(fmt::format("missing required key '{}'", r));
  }
  return Ok{};
}

Result<std::string> get_string(const Json& j, const JsonPath& at) {
  if (!j.is_string()) return at.error("expected a string, got " + describe_json_type(j));
  return j.get<std::string>();
}

Result<std::int64_t> get_int(const Json& j, const JsonPath& at) {
  if (j.is_number_unsigned()) {
    if (j.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return at.error("integer is too large");
    return j.get<std::int64_t>();
  }
  if (j.is_number_integer()) return j.get<std::int64_t>();
  if (j.is_number_float()) {
    const double d = j.get<double>();
    if (std::floor(d) == d && std::fabs(d) < 9007199254740992.0) return static_cast<std::int64_t>(d);
    return at.error(fmt::format("expected an integer, got {}", d));
  }
  return at.error("expected an integer, got " + describe_json_type(j));
}

Result<std::uint64_t> get_uint(const Json& j, const JsonPath& at) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer()) return at.error("expected an unsigned integer, got a negative one");
  return at.error("expected an unsigned integer, got " + describe_json_type(j));
}

Result<double> get_number(const Json& j, const JsonPath& at) {
  if (!j.is_number()) return at.error("expected a number, got " + describe_json_type(j));
  return j.get<double>();
}

Result<bool> get_bool(const Json& j, const JsonPath& at) {
  if (!j.is_boolean()) return at.error("expected true or false, got " + describe_json_type(j));
  return j.get<bool>();
}

Result<int> get_time_limit_ms(const Json& j, const JsonPath& at) {
  auto t = get_int(j, at);
  if (!t) return t.error();
  if (*t <= 0 || *t > 600000) return at.error("expected 1 to 600000");
  return static_cast<int>(*t);
}

Result<double> get_value(const Json& j, const JsonPath& at) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    return at.error(fmt::format("expected a number, \"nan\", \"inf\" or \"-inf\", got \"{}\"", s));
  }
  return at.error("expected a number, got " + describe_json_type(j));
}

}  // namespace judge::spec
