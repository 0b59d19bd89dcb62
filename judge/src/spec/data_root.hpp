// Finding the data root (challenges/, testcases/, solutions/, baselines/), and saying how it was
// found, for judge doctor. In order: --root, $JUDGE_ROOT, the first parent of the executable that
// has challenges/ or share/judge/challenges/ (so an installed PREFIX/bin/judge finds
// PREFIX/share/judge, cmake/install.cmake), and the source tree the binary was built from.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "util/result.hpp"

namespace judge::spec {

struct DataRoot {
  std::filesystem::path path;
  std::string found_by;  // "--root", "$JUDGE_ROOT", "the executable's location", "the source tree ..."
};

// `explicit_root` is the --root option, if given.
Result<DataRoot> find_data_root(const std::optional<std::filesystem::path>& explicit_root);

}  // namespace judge::spec
