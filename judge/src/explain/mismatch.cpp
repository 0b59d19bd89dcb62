#include "explain/mismatch.hpp"

#include <fmt/format.h>

#include <cmath>

#include "check/compare.hpp"
#include "spec/element.hpp"
#include "util/poison.hpp"

namespace judge::explain {

double Values::operator[](std::size_t i) const {
  if (type == spec::DType::float32) return static_cast<const float*>(data)[i];
  return spec::load_element(type, data, i);
}

const Values* Mismatches::initial() const {
  for (const NamedValues& in : inputs)
    if (in.name == buffer) return &in.values;
  return nullptr;
}

Mismatches find_mismatches(std::string buffer, const Values& got, const Values& want, const spec::Tolerance& tol,
                           bool detect_unwritten) {
  Mismatches m;
  m.buffer = std::move(buffer);
  m.got = got;
  m.want = want;
  m.tolerance = tol;
  m.cells.assign(got.count, Cell::right);
  const bool floating = spec::is_floating(got.type);
  const std::size_t eb = spec::dtype_bytes(got.type);
  const auto* bytes = static_cast<const unsigned char*>(got.data);
  for (std::size_t i = 0; i < got.count; ++i) {
    if (check::agrees(got[i], want[i], tol, floating)) continue;
    if (detect_unwritten && util::is_poison(bytes + i * eb, eb)) {
      m.cells[i] = Cell::unwritten;
      ++m.unwritten;
    } else {
      m.cells[i] = Cell::wrong;
      ++m.wrong;
    }
  }
  return m;
}

Runs runs_of(const std::vector<Cell>& cells, Cell which, std::size_t limit) {
  Runs r;
  const auto in = [&](Cell c) { return which == Cell::right ? c != Cell::right : c == which; };
  for (std::size_t i = 0; i < cells.size();) {
    if (!in(cells[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < cells.size() && in(cells[j])) ++j;
    if (r.first.size() < limit) r.first.emplace_back(i, j);
    ++r.total;
    i = j;
  }
  return r;
}

nlohmann::ordered_json runs_json(const Runs& r) {
  auto j = nlohmann::ordered_json::array();
  for (const auto& [b, e] : r.first) j.push_back({b, e});
  return j;
}

std::string describe_runs(const Runs& r) {
  std::string s;
  for (std::size_t k = 0; k < r.first.size(); ++k) {
    if (k) s += k + 1 == r.first.size() && r.total == r.first.size() ? " and " : ", ";
    s += fmt::format("[{}, {})", r.first[k].first, r.first[k].second);
  }
  if (r.total > r.first.size())
    s += fmt::format(" and {} more range{}", r.total - r.first.size(), r.total - r.first.size() == 1 ? "" : "s");
  return s;
}

}  // namespace judge::explain
