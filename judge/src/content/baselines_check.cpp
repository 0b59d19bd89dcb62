#include "content/baselines_check.hpp"

#include <fmt/format.h>

#include "baseline/ladder_check.hpp"
#include "baseline/store.hpp"

namespace judge::content {
namespace fs = std::filesystem;

Problems check_baselines(const fs::path& root, const baseline::Ladder& ladder) {
  Problems out;
  const fs::path store = root / "baselines";
  const std::string record =
      fmt::format("time them on that GPU with scripts/record-baselines.sh build/bin/judge {}", ladder.slug);
  for (const std::string& key : baseline::gpu_folders(store)) {
    const fs::path path = store / key / (ladder.slug + ".json");
    const std::string file = relative_name(root, path);
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      out.push_back({file, "", fmt::format("missing: the rungs have no baselines on {}: {}", key, record)});
      continue;
    }
    auto f = baseline::load(store, key, ladder.slug);
    if (!f) {
      out.push_back(problem_from_error(root, file, f.error()));
      continue;
    }
    for (const std::string& line : baseline::store_problems(baseline::check_store(ladder, f->entries))) {
      const bool missing = line.starts_with("incomplete:");
      out.push_back({file, "",
                     line + (missing ? "; " + record
                                     : ": drop one of the two rungs, or keep it as a test with \"rung\": false")});
    }
  }
  return out;
}

}  // namespace judge::content
