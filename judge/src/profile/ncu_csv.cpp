#include "profile/ncu_csv.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

namespace judge::profile {
namespace {

// The first lines of what ncu printed instead of a table, for an error message.
std::string head_of(std::string_view text) {
  std::string s(text.substr(0, 400));
  std::replace(s.begin(), s.end(), '\n', ' ');
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s.empty() ? "nothing" : "'" + s + (text.size() > 400 ? "...'" : "'");
}

// Where the header row starts: the first line beginning with "ID" (quoted or not).
std::size_t header_start(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::string_view line = text.substr(pos, text.find('\n', pos) - pos);
    if (line.rfind("\"ID\",", 0) == 0 || line.rfind("ID,", 0) == 0) return pos;
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return std::string_view::npos;
}

}  // namespace

const Metric* KernelRecord::metric(std::string_view section, std::string_view metric_name) const {
  for (const Metric& m : metrics)
    if (m.section == section && m.name == metric_name) return &m;
  return nullptr;
}

std::optional<double> KernelRecord::value(std::string_view section, std::string_view metric_name) const {
  const Metric* m = metric(section, metric_name);
  return m ? m->value : std::nullopt;
}

std::vector<std::vector<std::string>> split_csv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
      continue;
    }
    if (c == '"') {
      quoted = true;
      any = true;
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
      any = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (any || !field.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
      }
      row.clear();
      field.clear();
      any = false;
    } else {
      field += c;
      any = true;
    }
  }
  if (any || !field.empty()) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

std::optional<double> parse_ncu_number(std::string_view text) {
  std::string digits;
  for (char c : text)
    if (c != ',') digits += c;
  while (!digits.empty() && std::isspace(static_cast<unsigned char>(digits.back()))) digits.pop_back();
  std::size_t start = 0;
  while (start < digits.size() && std::isspace(static_cast<unsigned char>(digits[start]))) ++start;
  digits.erase(0, start);
  if (digits.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  if (end != digits.c_str() + digits.size()) return std::nullopt;  // words, or "(32, 32, 1)"
  return v;
}

Result<std::vector<KernelRecord>> parse_ncu_details(std::string_view csv) {
  const std::size_t start = header_start(csv);
  if (start == std::string_view::npos)
    return make_error(fmt::format("Nsight Compute printed no table of results, only {}", head_of(csv)));
  const auto rows = split_csv(csv.substr(start));
  const std::vector<std::string>& header = rows.front();
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  for (const char* needed : {"ID", "Kernel Name", "Section Name", "Metric Name", "Metric Unit", "Metric Value"})
    if (!col.count(needed))
      return make_error(
          fmt::format("Nsight Compute's table has no \"{}\" column (columns: {})", needed, fmt::join(header, ", ")));
  auto field = [&](const std::vector<std::string>& row, const char* name) -> std::string {
    const auto it = col.find(name);
    return it != col.end() && it->second < row.size() ? row[it->second] : std::string();
  };
  std::map<int, KernelRecord> kernels;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::vector<std::string>& row = rows[r];
    if (row.size() < col["Metric Value"] + 1)
      return make_error(
          fmt::format("Nsight Compute's table: row {} has {} fields, the header {}", r + 1, row.size(), header.size()));
    const auto id = parse_ncu_number(field(row, "ID"));
    if (!id) return make_error(fmt::format("Nsight Compute's table: row {} has no numeric ID", r + 1));
    KernelRecord& k = kernels[static_cast<int>(*id)];
    k.id = static_cast<int>(*id);
    k.name = field(row, "Kernel Name");
    k.grid = field(row, "Grid Size");
    k.block = field(row, "Block Size");
    if (!field(row, "Metric Name").empty()) {
      const std::string text = field(row, "Metric Value");
      k.metrics.push_back({field(row, "Section Name"), field(row, "Metric Name"), field(row, "Metric Unit"), text,
                           parse_ncu_number(text)});
    } else if (!field(row, "Rule Name").empty()) {
      k.findings.push_back({field(row, "Section Name"), field(row, "Rule Name"), field(row, "Rule Type"),
                            field(row, "Rule Description"), field(row, "Estimated Speedup Type"),
                            parse_ncu_number(field(row, "Estimated Speedup"))});
    }
  }
  std::vector<KernelRecord> out;
  for (auto& [id, k] : kernels) out.push_back(std::move(k));
  return out;
}

std::string short_kernel_name(std::string_view name) {
  std::string s(name);
  // The parameter list: from the '(' matching the final ')'.
  if (!s.empty() && s.back() == ')') {
    int depth = 0;
    for (std::size_t i = s.size(); i-- > 0;) {
      if (s[i] == ')') ++depth;
      if (s[i] == '(' && --depth == 0) {
        s.erase(i);
        break;
      }
    }
  }
  // The return type: everything up to the last space outside <...> and (...).
  int depth = 0;
  std::size_t cut = std::string::npos;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<' || s[i] == '(') ++depth;
    if (s[i] == '>' || s[i] == ')') --depth;
    if (s[i] == ' ' && depth == 0) cut = i;
  }
  if (cut != std::string::npos) s.erase(0, cut + 1);
  for (const char* anon : {"<unnamed>::", "(anonymous namespace)::"}) {
    for (std::size_t at; (at = s.find(anon)) != std::string::npos;) s.erase(at, std::string_view(anon).size());
  }
  return s.empty() ? std::string(name) : s;
}

}  // namespace judge::profile
