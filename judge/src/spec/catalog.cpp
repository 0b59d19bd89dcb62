#include "spec/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

#include "spec/data_root.hpp"
#include "util/spell.hpp"

namespace judge::spec {
namespace fs = std::filesystem;

Result<Catalog> Catalog::locate(const std::optional<fs::path>& explicit_root) {
  auto root = find_data_root(explicit_root);
  if (!root) return root.error();
  return Catalog(root->path);
}

std::vector<std::string> Catalog::slugs() const {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root_ / "challenges", ec)) {
    if (entry.is_directory() && fs::exists(entry.path() / "challenge.json"))
      out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

Result<Challenge> Catalog::challenge(std::string_view slug) const {
  const fs::path file = root_ / "challenges" / std::string(slug) / "challenge.json";
  if (!fs::exists(file)) {
    std::string msg = fmt::format("unknown challenge '{}'", slug);
    if (auto near = util::closest_match(slug, slugs()))
      msg += fmt::format("; did you mean '{}'?", *near);
    else
      msg += " (run 'judge list' to see them all)";
    return make_error(msg);
  }
  return load_challenge(file);
}

Result<TestSuite> Catalog::testcases(const Challenge& c) const {
  const fs::path file = root_ / "testcases" / (c.slug + ".json");
  if (!fs::exists(file)) return make_error(fmt::format("{}: missing test cases for '{}'", file.string(), c.slug));
  return load_testcases(file, c);
}

fs::path Catalog::solutions_dir(std::string_view slug) const {
  return root_ / "solutions" / std::string(slug);
}

}  // namespace judge::spec
