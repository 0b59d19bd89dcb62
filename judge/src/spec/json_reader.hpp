// Strict reading of JSON documents with errors that name the file and the JSON path:
//   "testcases/softmax.json: $.cases[3].seed: expected an unsigned integer, got a string"
#pragma once

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.hpp"

namespace judge::spec {

using Json = nlohmann::json;

// A position inside a document: the file plus a JSONPath-like string.
class JsonPath {
 public:
  JsonPath(std::string file, std::string path = "$") : file_(std::move(file)), path_(std::move(path)) {}
  JsonPath key(std::string_view k) const { return {file_, path_ + "." + std::string(k)}; }
  JsonPath index(std::size_t i) const { return {file_, path_ + "[" + std::to_string(i) + "]"}; }
  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }
  Error error(std::string_view message) const;

 private:
  std::string file_;
  std::string path_;
};

// Parses a file; syntax errors carry the line and column.
Result<Json> read_json_file(const std::filesystem::path& file);

// "an object", "a string", ... for error messages.
std::string describe_json_type(const Json& j);

Status expect_object(const Json& j, const JsonPath& at);
Status expect_array(const Json& j, const JsonPath& at);
// Every key must be in `allowed`; every key in `required` must be present.
Status expect_keys(const Json& j, const JsonPath& at, std::initializer_list<std::string_view> allowed,
                   std::initializer_list<std::string_view> required);

Result<std::string> get_string(const Json& j, const JsonPath& at);
Result<std::int64_t> get_int(const Json& j, const JsonPath& at);
Result<std::uint64_t> get_uint(const Json& j, const JsonPath& at);
Result<double> get_number(const Json& j, const JsonPath& at);
Result<bool> get_bool(const Json& j, const JsonPath& at);
// A time limit in milliseconds, 1 to 600000.
Result<int> get_time_limit_ms(const Json& j, const JsonPath& at);
// A number, or one of the strings "nan", "inf", "-inf".
Result<double> get_value(const Json& j, const JsonPath& at);

}  // namespace judge::spec
