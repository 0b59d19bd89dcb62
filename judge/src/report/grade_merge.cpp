// Merging the JSON reports of shards (`judge report merge`): one document as if one `judge grade`
// had graded everything, plus the list of shards it came from and what is missing.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <optional>
#include <set>

#include "report/grade_fields.hpp"
#include "report/grade_reports.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace {

using Json = nlohmann::json;

// The shards one input stands for: a merged report lists its own; a shard report is one; a
// report of a whole run is one entry with a null index.
std::vector<Json> shards_of(const Json& report, const std::string& name) {
  if (const auto shs = report.find("shards"); shs != report.end() && !shs->empty()) return *shs;
  Json e = {{"file", name}, {"index", nullptr}, {"count", nullptr}};
  if (const auto sh = report.find("shard"); sh != report.end() && !sh->is_null()) {
    e["index"] = (*sh)["index"];
    e["count"] = (*sh)["count"];
  }
  e["submissions"] = report["submissions"].size();
  e["wall_seconds"] = report.value("wall_seconds", Json());
  return {e};
}

// Shard bookkeeping: every index at most once, one count for all.
class ShardLedger {
 public:
  Status add(const Json& entry, const std::string& name) {
    entries_.push_back(entry);
    if (entry["index"].is_null()) return Ok{};
    const auto index = entry["index"].get<std::uint64_t>(), count = entry["count"].get<std::uint64_t>();
    if (count_ && *count_ != count)
      return make_error(
          fmt::format("{}: $.shard: shard {}/{} does not belong with shards of {} ({}): merge the shards of one "
                      "'judge grade --shard i/n' run, all with the same n",
                      name, index, count, *count_, count_from_));
    count_ = count;
    count_from_ = name;
    const auto [it, fresh] = by_index_.emplace(index, name);
    if (!fresh)
      return make_error(
          fmt::format("{}: $.shard: shard {}/{} is also in {}: merge each shard once", name, index, count, it->second));
    return Ok{};
  }

  std::vector<std::uint64_t> missing() const {
    std::vector<std::uint64_t> out;
    if (!count_) return out;
    for (std::uint64_t i = 1; i <= *count_; ++i)
      if (!by_index_.contains(i)) out.push_back(i);
    return out;
  }
  std::optional<std::uint64_t> count() const { return count_; }
  const std::vector<Json>& entries() const { return entries_; }

 private:
  std::vector<Json> entries_;
  std::map<std::uint64_t, std::string> by_index_;
  std::optional<std::uint64_t> count_;
  std::string count_from_;
};

// Shards graded on different machines each number their GPUs from 0: the merged list holds each
// distinct GPU once and submissions point into it.
std::vector<std::size_t> remap_gpus(const Json& report, Json& merged_gpus) {
  std::vector<std::size_t> map;
  for (const Json& g : report.value("gpus", Json::array())) {
    auto it = std::find(merged_gpus.begin(), merged_gpus.end(), g);
    if (it == merged_gpus.end()) {
      merged_gpus.push_back(g);
      it = merged_gpus.end() - 1;
    }
    map.push_back(static_cast<std::size_t>(it - merged_gpus.begin()));
  }
  return map;
}

Status same_setting(const Json& first, const std::string& first_name, const Json& other, const std::string& name,
                    const char* key, const char* why) {
  const Json a = first.value(key, Json()), b = other.value(key, Json());
  if (a == b) return Ok{};
  return make_error(fmt::format("{}: $.{}: is {} but {} has {}: {}", name, key, b.dump(), first_name, a.dump(), why));
}

std::string join(const std::vector<std::uint64_t>& v) {
  std::string s;
  for (auto x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
  return s;
}

}  // namespace

Result<Json> merge_grade_reports(const std::vector<Json>& reports, const std::vector<std::string>& names) {
  if (reports.size() != names.size())
    return make_error(fmt::format("internal: {} reports but {} names", reports.size(), names.size()));
  if (reports.empty()) return make_error("nothing to merge: name at least one judge-grade/1 report");
  for (std::size_t i = 0; i < reports.size(); ++i)
    if (auto s = check_grade_report(reports[i], names[i]); !s) return s.error();

  const Json& first = reports[0];
  Json gpus = Json::array(), notes = Json::array();
  std::map<std::string, std::pair<Json, std::string>> by_id;  // id -> (submission, file it came from)
  ShardLedger ledger;
  double wall_seconds = 0;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const Json& r = reports[i];
    if (auto s = same_setting(first, names[0], r, names[i], "compile_only",
                              "reports of --compile-only and of full runs cannot be merged");
        !s)
      return s.error();
    if (auto s = same_setting(first, names[0], r, names[i], "tests", "shards must run the same tests (--tests)"); !s)
      return s.error();
    if (r["judge_version"] != first["judge_version"])
      notes.push_back(fmt::format("{} was graded by judge {} and {} by judge {}: verdicts may differ between versions",
                                  names[0], first["judge_version"].get<std::string>(), names[i],
                                  r["judge_version"].get<std::string>()));
    if (r.value("root", "") != first.value("root", ""))
      notes.push_back(fmt::format("{} graded {} and {} graded {}: ids are relative to each shard's root", names[0],
                                  first.value("root", "?"), names[i], r.value("root", "?")));
    for (const Json& e : shards_of(r, names[i]))
      if (auto s = ledger.add(e, names[i]); !s) return s.error();
    if (const auto w = gradedoc::number(r, "wall_seconds")) wall_seconds += *w;
    const std::vector<std::size_t> gpu_map = remap_gpus(r, gpus);
    const Json& subs = r["submissions"];
    for (std::size_t k = 0; k < subs.size(); ++k) {
      Json sub = subs[k];
      if (sub.contains("gpu") && !sub["gpu"].is_null()) sub["gpu"] = gpu_map[sub["gpu"].get<std::size_t>()];
      const std::string id = sub["id"].get<std::string>();
      const auto it = by_id.find(id);
      if (it == by_id.end()) {
        by_id.emplace(id, std::make_pair(std::move(sub), names[i]));
      } else if (it->second.first != sub) {
        return make_error(fmt::format(
            "{}: $.submissions[{}]: submission '{}' is also in {} with a different result ({} there, {} here): "
            "each submission must be graded by one shard (were the shards run over the same inputs with the same n?)",
            names[i], k, id, it->second.second, it->second.first["verdict"].get<std::string>(),
            sub["verdict"].get<std::string>()));
      }
    }
  }
  const std::vector<std::uint64_t> missing = ledger.missing();
  if (!missing.empty())
    notes.push_back(fmt::format("shard{} {} of {} missing: this report covers {} of {} shards",
                                missing.size() == 1 ? "" : "s", join(missing), *ledger.count(),
                                *ledger.count() - missing.size(), *ledger.count()));

  Json merged;
  merged["format"] = kGradeFormat;
  merged["judge_version"] = first["judge_version"];
  merged["created"] = util::utc_timestamp();
  merged["root"] = first.value("root", "");
  merged["shard"] = nullptr;
  merged["shards"] = ledger.entries();
  merged["missing_shards"] = missing;
  merged["compile_only"] = first.value("compile_only", false);
  merged["tests"] = first.value("tests", "all");
  merged["gpus"] = gpus;
  merged["wall_seconds"] = wall_seconds;
  merged["submissions"] = Json::array();
  for (auto& [id, entry] : by_id) merged["submissions"].push_back(std::move(entry.first));  // std::map: sorted by id
  merged["totals"] = {{"submissions", merged["submissions"].size()}, {"by_verdict", Json::object()}};
  for (const Json& s : merged["submissions"]) {
    const std::string v = s["verdict"].get<std::string>();
    merged["totals"]["by_verdict"][v] = merged["totals"]["by_verdict"].value(v, 0) + 1;
  }
  merged["notes"] = notes;
  return merged;
}

}  // namespace judge::report
