#include "spec/data_root.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <system_error>

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

Result<DataRoot> find_data_root(const std::optional<fs::path>& explicit_root) {
  if (explicit_root) {
    if (!is_root(*explicit_root))
      return make_error(fmt::format("--root {}: no challenges/ folder there", explicit_root->string()));
    return DataRoot{*explicit_root, "--root"};
  }
  if (const char* env = std::getenv("JUDGE_ROOT"); env && *env) {
    if (!is_root(env)) return make_error(fmt::format("JUDGE_ROOT={}: no challenges/ folder there", env));
    return DataRoot{fs::path(env), "$JUDGE_ROOT"};
  }
  if (auto p = from_executable()) return DataRoot{*p, "the executable's location"};
  if (is_root(JUDGE_SOURCE_ROOT)) return DataRoot{fs::path(JUDGE_SOURCE_ROOT), "the source tree it was built from"};
  return make_error(
      "cannot find the challenges: install judge with its data (cmake --install), pass --root DIR or set JUDGE_ROOT "
      "to the judge's data folder");
}

}  // namespace judge::spec
