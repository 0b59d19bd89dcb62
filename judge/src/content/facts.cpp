#include "content/facts.hpp"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <map>
#include <sstream>

namespace judge::content {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) out.push_back(field);
  if (!line.empty() && line.back() == sep) out.emplace_back();
  return out;
}

bool parse_double(const std::string& s, double& out) {
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && p == end;
}

// "A:POINTER(c_float):in;N:c_int:in" (the type may itself hold no ':').
std::vector<FactRole> parse_roles(const std::string& text) {
  std::vector<FactRole> roles;
  for (const std::string& item : split(text, ';')) {
    const std::size_t first = item.find(':'), last = item.rfind(':');
    if (first == std::string::npos || first == last) continue;
    roles.push_back({item.substr(0, first), item.substr(first + 1, last - first - 1), item.substr(last + 1)});
  }
  return roles;
}

}  // namespace

const FactRole* FactRow::role(std::string_view name) const {
  for (const FactRole& r : roles) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

const FactRow* Facts::find(std::string_view slug) const {
  for (const FactRow& r : rows) {
    if (r.slug == slug) return &r;
  }
  return nullptr;
}

std::vector<std::string> Facts::slugs() const {
  std::vector<std::string> out;
  for (const FactRow& r : rows) out.push_back(r.slug);
  return out;
}

fs::path default_facts_file(const fs::path& root) {
  return (root / ".." / "shared" / "leetgpu-challenges.tsv").lexically_normal();
}

Result<Facts> load_facts(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return make_error(fmt::format("{}: cannot read the facts table", file.string()));
  Facts facts;
  facts.file = file;
  std::string line;
  if (!std::getline(in, line)) return make_error(fmt::format("{}: empty facts table", file.string()));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  std::map<std::string, std::size_t> col;
  const std::vector<std::string> header = split(line, '\t');
  for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  for (const char* need : {"number", "slug", "difficulty", "title", "cuda_solve_signature", "param_roles", "atol",
                           "rtol", "official_perf_sizes"}) {
    if (!col.count(need)) return make_error(fmt::format("{}:1: the header has no column '{}'", file.string(), need));
  }
  for (int n = 2; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::vector<std::string> f = split(line, '\t');
    auto at = [&](const char* name) -> std::string {
      const std::size_t i = col.at(name);
      return i < f.size() ? f[i] : std::string();
    };
    FactRow r;
    r.line = n;
    r.slug = at("slug");
    r.difficulty = at("difficulty");
    r.title = at("title");
    r.signature = at("cuda_solve_signature");
    r.roles = parse_roles(at("param_roles"));
    r.perf_sizes = at("official_perf_sizes");
    if (col.count("input_distribution")) r.distribution = at("input_distribution");
    const std::string number = at("number");
    auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), r.number);
    if (ec != std::errc() || p != number.data() + number.size() || r.slug.empty())
      return make_error(fmt::format("{}:{}: expected a number and a slug in the first columns", file.string(), n));
    if (!parse_double(at("atol"), r.atol) || !parse_double(at("rtol"), r.rtol))
      return make_error(fmt::format("{}:{}: atol and rtol must be numbers", file.string(), n));
    facts.rows.push_back(std::move(r));
  }
  return facts;
}

}  // namespace judge::content
