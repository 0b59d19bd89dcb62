// judge cache info|clear: what the compile cache (per engine) and the test-data cache hold, and
// emptying either or both.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "compile/cache.hpp"
#include "judging/data_store.hpp"
#include "version.hpp"

namespace judge::cli {
namespace {

std::string mib(std::uint64_t bytes) {
  return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1 << 20));
}

int info(bool json) {
  const compile::CacheInfo c = compile::cache_info();
  auto store = judging::DataStore::from_environment();
  if (!store) return fail(store.error().message, 2);
  const judging::DataUsage data = store->usage();
  if (json) {
    nlohmann::ordered_json j;
    j["format"] = "judge-cache/1";
    j["judge_version"] = kJudgeVersion;
    j["dir"] = c.dir.string();
    nlohmann::ordered_json engines = nlohmann::ordered_json::object();
    for (const auto& [engine, u] : c.engines) engines[engine] = {{"entries", u.entries}, {"bytes", u.bytes}};
    j["engines"] = engines;
    j["precompiled_preludes"] = {{"entries", c.precompiled.entries}, {"bytes", c.precompiled.bytes}};
    j["data"] = {{"dir", store->dir().string()},
                 {"entries", data.entries},
                 {"bytes", data.bytes},
                 {"max_bytes", store->max_bytes()}};
    fmt::print("{}\n", j.dump(2));
    return 0;
  }
  fmt::print("cache {}\n", c.dir.string());
  if (c.engines.empty()) fmt::print("  no compiled artifacts\n");
  for (const auto& [engine, u] : c.engines)
    fmt::print("  {:<6} {} artifact{}, {}\n", engine, u.entries, u.entries == 1 ? "" : "s", mib(u.bytes));
  if (c.precompiled.entries)
    fmt::print("  nvrtc host prelude: {} precompiled, {}\n", c.precompiled.entries, mib(c.precompiled.bytes));
  if (!store->enabled())
    fmt::print("  test data: off ({}=0)\n", judging::kDataCacheMaxEnv);
  else
    fmt::print("  test data: {} case{}, {} of {} (least recently used go first; {} changes the cap)\n", data.entries,
               data.entries == 1 ? "" : "s", mib(data.bytes), mib(store->max_bytes()), judging::kDataCacheMaxEnv);
  return 0;
}

// Without --data or --compile, both parts.
int clear(bool data_only, bool compile_only) {
  const bool compile_part = !data_only, data_part = !compile_only;
  if (compile_part) {
    auto removed = compile::clear_cache();
    if (!removed) return fail(removed.error().message + "; check the folder's permissions", 3);
    fmt::print("removed {} compiled file{} from {}\n", *removed, *removed == 1 ? "" : "s",
               compile::cache_info().dir.string());
  }
  if (data_part) {
    auto store = judging::DataStore::from_environment();
    if (!store) return fail(store.error().message, 2);
    auto removed = store->clear();
    if (!removed) return fail(removed.error().message + "; check the folder's permissions", 3);
    fmt::print("removed {} test-data file{} from {}\n", *removed, *removed == 1 ? "" : "s", store->dir().string());
  }
  return 0;
}

}  // namespace

Command cache_command() {
  return {
      "cache", "Show (info) or empty (clear) the compile and test-data caches",
      [](CLI::App& sub, const GlobalOptions&) {
        auto action = std::make_shared<std::string>();
        auto json = std::make_shared<bool>(false);
        auto data = std::make_shared<bool>(false);
        auto compiled = std::make_shared<bool>(false);
        sub.add_option("action", *action, "info or clear")->required()->check(CLI::IsMember({"info", "clear"}));
        sub.add_flag("--json", *json, "info: print one JSON document (format judge-cache/1)");
        auto* d = sub.add_flag("--data", *data, "clear: only the test-data cache (inputs and expected values)");
        sub.add_flag("--compile", *compiled, "clear: only compiled artifacts and precompiled preludes")->excludes(d);
        return std::function<int()>(
            [action, json, data, compiled] { return *action == "info" ? info(*json) : clear(*data, *compiled); });
      }};
}

}  // namespace judge::cli
