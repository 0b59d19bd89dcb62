// judge new <slug>: scaffolds a challenge's files (content/scaffold) and says what to fill in.
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "content/facts.hpp"
#include "content/scaffold.hpp"
#include "content/scaffold_constraints.hpp"
#include "spec/catalog.hpp"

namespace judge::cli {
namespace {

struct NewArgs {
  content::NewRequest request;
  std::optional<std::string> signature, facts;
};

int scaffold(const GlobalOptions& g, NewArgs a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  const std::filesystem::path facts_file =
      a.facts ? std::filesystem::path(*a.facts) : content::default_facts_file(cat->root());
  std::optional<content::Facts> facts;
  std::error_code ec;
  if (a.facts || std::filesystem::exists(facts_file, ec)) {
    auto f = content::load_facts(facts_file);
    if (!f) return fail(f.error().message, 2);
    facts = std::move(*f);
  }
  a.request.signature = a.signature;
  auto plan = content::plan_challenge(a.request, facts ? &*facts : nullptr, facts_file.string());
  if (!plan) return fail(plan.error().message, 2);
  // The statement's constraints, from the table beside the facts table when it is there.
  if (const auto statements_file = content::statement_facts_file(facts_file);
      std::filesystem::exists(statements_file, ec)) {
    auto st = content::load_statement_facts(statements_file);
    if (!st) return fail(st.error().message, 2);
    if (const content::StatementRow* row = st->find(plan->slug)) content::apply_statement(*plan, *row);
  }
  auto written = content::write_scaffold(cat->root(), *plan);
  if (!written) return fail(written.error().message, 2);
  const std::string slug = plan->slug;
  fmt::print("new challenge {} ({}) in {}:\n", slug,
             plan->source == "leetgpu" ? fmt::format("LeetGPU #{}", plan->number) : std::string("interview"),
             cat->root().string());
  for (const std::string& f : *written) fmt::print("  {}\n", f);
  fmt::print(
      "next:\n"
      "  1. challenge.json: each buffer's \"shape\" (guessed [\"{shape}\"]), a \"range\" for every scalar, \"work\" "
      "(bytes and flops){interview}\n"
      "  2. every TODO(judge new): README.md (task, constraints, examples, notes), starter.cu, reference.cpp, the test "
      "cases\n"
      "  3. testcases/{slug}.json: example-1.. with expected values (the README's examples), at least 8 functional "
      "cases with notes, the performance case\n"
      "  4. solutions/{slug}/: at least 8 correct rungs (best.cu the fastest) and 2 wrong/*.cu, each listed in "
      "expected.json\n"
      "  5. rebuild (cmake --build build: the judge compiles reference.cpp in), then until it passes:\n"
      "       judge validate {slug} --no-baselines --compile\n"
      "  6. on a GPU: scripts/gpu-check.sh, then scripts/record-baselines.sh build/bin/judge {slug} on each GPU "
      "model in baselines/, and judge validate {slug}\n",
      fmt::arg("shape", plan->shape), fmt::arg("slug", slug),
      fmt::arg("interview", plan->source == "interview"
                                ? "; check \"title\", \"difficulty\" (guessed: medium) and \"tolerance\" (1e-5)"
                                : ""));
  return 0;
}

}  // namespace

Command new_command() {
  return {"new", "Scaffold a new challenge's files from its signature (and the facts table)",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto a = std::make_shared<NewArgs>();
            sub.add_option("slug", a->request.slug,
                           "The new challenge: LeetGPU's slug (e.g. dot-product), or one of ours with --interview")
                ->required();
            sub.add_option("--signature", a->signature,
                           "extern \"C\" void solve(...): needed with --interview (a LeetGPU challenge takes the "
                           "facts table's)");
            sub.add_flag("--interview", a->request.interview,
                         "A challenge of ours, not on LeetGPU: no number, \"source\": \"interview\"");
            sub.add_option("--facts", a->facts,
                           "The LeetGPU facts table (default: <root>/../shared/leetgpu-challenges.tsv)");
            return std::function<int()>([&g, a] { return scaffold(g, *a); });
          }};
}

}  // namespace judge::cli
