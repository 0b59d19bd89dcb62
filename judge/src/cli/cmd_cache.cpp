// judge cache info|clear: what the compile cache holds (per engine), and emptying it.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "compile/cache.hpp"
#include "version.hpp"

namespace judge::cli {
namespace {

std::string mib(std::uint64_t bytes) {
  return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1 << 20));
}

int info(bool json) {
  const compile::CacheInfo c = compile::cache_info();
  if (json) {
    nlohmann::ordered_json j;
    j["format"] = "judge-cache/1";
    j["judge_version"] = kJudgeVersion;
    j["dir"] = c.dir.string();
    nlohmann::ordered_json engines = nlohmann::ordered_json::object();
    for (const auto& [engine, u] : c.engines) engines[engine] = {{"entries", u.entries}, {"bytes", u.bytes}};
    j["engines"] = engines;
    j["precompiled_preludes"] = {{"entries", c.precompiled.entries}, {"bytes", c.precompiled.bytes}};
    fmt::print("{}\n", j.dump(2));
    return 0;
  }
  fmt::print("cache {}\n", c.dir.string());
  if (c.engines.empty()) fmt::print("  no compiled artifacts\n");
  for (const auto& [engine, u] : c.engines)
    fmt::print("  {:<6} {} artifact{}, {}\n", engine, u.entries, u.entries == 1 ? "" : "s", mib(u.bytes));
  if (c.precompiled.entries)
    fmt::print("  nvrtc host prelude: {} precompiled, {}\n", c.precompiled.entries, mib(c.precompiled.bytes));
  return 0;
}

int clear() {
  auto removed = compile::clear_cache();
  if (!removed) return fail(removed.error().message + "; check the folder's permissions", 3);
  fmt::print("removed {} cached file{} from {}\n", *removed, *removed == 1 ? "" : "s",
             compile::cache_info().dir.string());
  return 0;
}

}  // namespace

Command cache_command() {
  return {"cache", "Show (info) or empty (clear) the compile cache", [](CLI::App& sub, const GlobalOptions&) {
            auto action = std::make_shared<std::string>();
            auto json = std::make_shared<bool>(false);
            sub.add_option("action", *action, "info or clear")->required()->check(CLI::IsMember({"info", "clear"}));
            sub.add_flag("--json", *json, "info: print one JSON document (format judge-cache/1)");
            return std::function<int()>([action, json] { return *action == "info" ? info(*json) : clear(); });
          }};
}

}  // namespace judge::cli
