// Where challenges live, and finding one by slug.
//
// The data root holds challenges/, testcases/, solutions/ and baselines/; where it is looked for,
// in order, is in spec/data_root.hpp (an installed judge finds PREFIX/share/judge).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "spec/challenge.hpp"
#include "spec/testcase.hpp"
#include "util/result.hpp"

namespace judge::spec {

class Catalog {
 public:
  explicit Catalog(std::filesystem::path root) : root_(std::move(root)) {}

  // Locates the data root; `explicit_root` is the --root option, if given.
  static Result<Catalog> locate(const std::optional<std::filesystem::path>& explicit_root);

  const std::filesystem::path& root() const { return root_; }
  std::vector<std::string> slugs() const;  // sorted
  // Unknown slugs get "did you mean ...".
  Result<Challenge> challenge(std::string_view slug) const;
  Result<TestSuite> testcases(const Challenge& c) const;
  std::filesystem::path solutions_dir(std::string_view slug) const;

 private:
  std::filesystem::path root_;
};

}  // namespace judge::spec
