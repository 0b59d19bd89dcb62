// The facts table of the LeetGPU challenges (../shared/leetgpu-challenges.tsv beside the
// repository): per challenge its number, slug, title, difficulty, the exact `solve` signature,
// each parameter's role, the tolerance and the official performance sizes. `judge validate`
// checks challenge.json against it; `judge new` scaffolds from it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::content {

struct FactRole {
  std::string name;  // "A"
  std::string type;  // "POINTER(c_float)", "c_int"
  std::string role;  // "in", "out" or "inout"
};

struct FactRow {
  int line = 0;  // in the file, for messages
  int number = 0;
  std::string slug, difficulty, title;
  std::string signature;  // `extern "C" void solve(...)`, as the site's starter declares it
  std::vector<FactRole> roles;
  double atol = 0, rtol = 0;
  std::string perf_sizes;  // "M=8192,N=6144,K=4096"
  std::string distribution;
  const FactRole* role(std::string_view name) const;
};

struct Facts {
  std::filesystem::path file;
  std::vector<FactRow> rows;
  const FactRow* find(std::string_view slug) const;
  std::vector<std::string> slugs() const;
};

// <root>/../shared/leetgpu-challenges.tsv: where the table lives beside a checkout.
std::filesystem::path default_facts_file(const std::filesystem::path& root);

// Reads the table by its header's column names; an error names the file and line.
Result<Facts> load_facts(const std::filesystem::path& file);

}  // namespace judge::content
