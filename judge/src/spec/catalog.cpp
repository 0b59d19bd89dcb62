#include "spec/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "util/spell.hpp"

#ifndef JUDGE_SOURCE_ROOT
#define JUDGE_SOURCE_ROOT ""
#endif

namespace judge::spec {
namespace fs = std::filesystem;

namespace {

bool is_root(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p / "challenges", ec);
}

std::optional<fs::path> from_executable() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  for (fs::path dir = exe.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
    if (is_root(dir)) return dir;
    if (is_root(dir / "share" / "judge")) return dir / "share" / "judge";
  }
  return std::nullopt;
}

}  // namespace

Result<Catalog> Catalog::locate(const std::optional<fs::path>& explicit_root) {
  if (explicit_root) {
    if (!is_root(*explicit_root))
      return make_error(fmt::format("--root {}: no challenges/ folder there", explicit_root->string()));
    return Catalog(*explicit_root);
  }
  if (const char* env = std::getenv("JUDGE_ROOT"); env && *env) {
    if (!is_root(env)) return make_error(fmt::format("JUDGE_ROOT={}: no challenges/ folder there", env));
    return Catalog(fs::path(env));
  }
  if (auto p = from_executable()) return Catalog(*p);
  if (is_root(JUDGE_SOURCE_ROOT)) return Catalog(fs::path(JUDGE_SOURCE_ROOT));
  return make_error("cannot find the challenges: pass --root DIR or set JUDGE_ROOT to the judge's data folder");
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
