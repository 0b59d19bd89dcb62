// judge list [--json | --slugs]: the challenges, LeetGPU's by number, then ours (interview) by slug.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "spec/catalog.hpp"

namespace judge::cli {

Command list_command() {
  return {"list", "List the challenges (slug, title, difficulty, source: LeetGPU number or interview)",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto json = std::make_shared<bool>(false);
            auto slugs_only = std::make_shared<bool>(false);
            auto* j = sub.add_flag("--json", *json, "Print a JSON document instead of a table");
            sub.add_flag("--slugs", *slugs_only,
                         "Print only the slugs, one per line, sorted (for scripts and shell completion)")
                ->excludes(j);
            return std::function<int()>([&g, json, slugs_only] {
              auto cat = spec::Catalog::locate(g.root);
              if (!cat) return fail(cat.error().message, 3);
              // Without reading a challenge.json: shell completion calls this at every TAB.
              if (*slugs_only) {
                for (const std::string& slug : cat->slugs()) fmt::print("{}\n", slug);
                return 0;
              }
              std::vector<spec::Challenge> all;
              for (const std::string& slug : cat->slugs()) {
                auto c = cat->challenge(slug);
                if (!c) return fail(c.error().message, 3);
                all.push_back(std::move(*c));
              }
              std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.listed_before(b); });
              if (*json) {
                nlohmann::ordered_json j;
                j["format"] = "judge-list/1";
                j["challenges"] = nlohmann::ordered_json::array();
                for (const auto& c : all)
                  j["challenges"].push_back(
                      {{"number", c.source == "leetgpu" ? nlohmann::ordered_json(c.number) : nlohmann::ordered_json()},
                       {"slug", c.slug},
                       {"title", c.title},
                       {"difficulty", c.difficulty},
                       {"source", c.source},
                       {"origin", c.origin()},
                       {"adapted", c.adapted}});
                fmt::print("{}\n", j.dump(2));
                return 0;
              }
              fmt::print("{:<36} {:<37} {:<10} {}\n", "slug", "title", "difficulty", "source");
              for (const auto& c : all)
                fmt::print("{:<36} {:<37} {:<10} {}\n", c.slug, c.title, c.difficulty, c.origin());
              return 0;
            });
          }};
}

}  // namespace judge::cli
