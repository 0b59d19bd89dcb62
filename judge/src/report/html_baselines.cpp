#include "report/html_baselines.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "baseline/ladder.hpp"
#include "baseline/pool.hpp"
#include "baseline/store.hpp"
#include "report/grade_fields.hpp"

namespace judge::report {

ShippedBaselines shipped_baselines(const nlohmann::json& report, const spec::Catalog& catalog) {
  ShippedBaselines out;
  const std::vector<std::string> known = catalog.slugs();
  std::set<std::string> challenges;
  for (const nlohmann::json& s : gradedoc::list(report, "submissions")) {
    const std::string slug = gradedoc::text(s, "challenge");
    if (std::binary_search(known.begin(), known.end(), slug)) challenges.insert(slug);
  }
  const std::filesystem::path store = catalog.root() / "baselines";
  std::set<std::string> keys;
  for (const nlohmann::json& gpu : gradedoc::list(report, "gpus"))
    if (const std::string key = gradedoc::text(gpu, "key"); !key.empty()) keys.insert(key);
  const std::vector<std::string> folders = baseline::gpu_folders(store);
  for (const std::string& key : keys) {
    if (std::find(folders.begin(), folders.end(), key) == folders.end()) {
      out.notes.push_back(
          fmt::format("no shipped baselines for GPU {} in {}: the charts show the class only", key, store.string()));
      continue;
    }
    for (const std::string& slug : challenges) {
      auto ladder = baseline::load_ladder(catalog.solutions_dir(slug), slug);
      if (!ladder) {
        out.notes.push_back(ladder.error().message);
        continue;
      }
      auto entries = baseline::gather({store}, key, slug, *ladder);
      if (!entries) {
        out.notes.push_back(entries.error().message);
        continue;
      }
      std::vector<ShippedTime>& times = out.times[{key, slug}];
      for (const baseline::Entry& e : *entries)
        if (e.reference) times.push_back({e.label, e.note, e.median_ms});
    }
  }
  return out;
}

}  // namespace judge::report
