// judge validate [SLUG...]: the checks a challenge must pass before it ships (content/validate),
// one line per problem naming the file, the place in it and what to do.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "content/validate.hpp"

namespace judge::cli {
namespace {

struct ValidateArgs {
  std::vector<std::string> slugs;
  std::optional<std::string> facts;
  bool no_baselines = false, compile = false, json = false;
};

nlohmann::ordered_json to_json(const content::ValidateReport& r) {
  nlohmann::ordered_json doc = {
      {"format", "judge-validate/1"},
      {"ok", r.ok()},
      {"facts", r.facts_file.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.facts_file)},
      {"facts_note", r.facts_note},
      {"statements",
       r.statements_file.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.statements_file)},
      {"challenges", nlohmann::ordered_json::array()}};
  for (const content::ChallengeReport& c : r.challenges) {
    nlohmann::ordered_json problems = nlohmann::ordered_json::array();
    for (const content::Problem& p : c.problems)
      problems.push_back({{"file", p.file}, {"where", p.where}, {"message", p.message}});
    doc["challenges"].push_back({{"slug", c.slug}, {"ok", c.ok()}, {"problems", problems}});
  }
  return doc;
}

int validate(const GlobalOptions& g, const ValidateArgs& a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  const std::vector<std::string> folders = content::challenge_folders(*cat);
  std::vector<std::string> slugs = a.slugs.empty() ? folders : a.slugs;
  for (const std::string& slug : a.slugs) {
    if (std::find(folders.begin(), folders.end(), slug) == folders.end())
      return fail(cat->challenge(slug).error().message, 2);
  }
  content::ValidateOptions o;
  if (a.facts) o.facts = *a.facts;
  o.baselines = !a.no_baselines;
  o.compile = a.compile;
  const auto start = std::chrono::steady_clock::now();
  auto report = content::validate(*cat, slugs, o);
  if (!report) return fail(report.error().message, 2);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (a.json) {
    fmt::print("{}\n", to_json(*report).dump(2));
    return report->ok() ? 0 : 1;
  }
  if (!report->facts_note.empty()) fmt::print("note: {}\n", report->facts_note);
  std::size_t good = 0;
  for (const content::ChallengeReport& c : report->challenges) {
    good += c.ok();
    if (c.ok()) {
      fmt::print("ok   {}\n", c.slug);
      continue;
    }
    fmt::print("FAIL {}: {} problem{}\n", c.slug, c.problems.size(), c.problems.size() == 1 ? "" : "s");
    for (const content::Problem& p : c.problems) fmt::print("     {}\n", content::format_problem(p));
  }
  fmt::print("validate: {} of {} challenges ok ({}{}{}; {:.1f} s)\n", good, report->challenges.size(),
             report->facts_file.empty() ? "no facts table" : "facts: " + report->facts_file,
             a.no_baselines ? "; baselines not checked" : "; baselines checked",
             a.compile ? "; every .cu compiled for sm_90" : "", seconds);
  return report->ok() ? 0 : 1;
}

}  // namespace

Command validate_command() {
  return {"validate", "Check challenges before they ship: statement, tests, reference, solutions, baselines",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto a = std::make_shared<ValidateArgs>();
            sub.add_option("slugs", a->slugs, "Challenges (default: every folder in challenges/)");
            sub.add_flag("--no-baselines", a->no_baselines,
                         "Skip the shipped baselines (every rung measured on every GPU model in baselines/, 3% apart)");
            sub.add_flag("--compile", a->compile,
                         "Also compile starter.cu and every listed solution for sm_90 (no GPU): NVRTC must take "
                         "each one, and a CE entry must fail");
            sub.add_option("--facts", a->facts,
                           "The LeetGPU facts table (default: <root>/../shared/leetgpu-challenges.tsv; without "
                           "it the checks against it are skipped, and the output says so)");
            sub.add_flag("--json", a->json, "Print one JSON document (format judge-validate/1)");
            return std::function<int()>([&g, a] { return validate(g, *a); });
          }};
}

}  // namespace judge::cli
