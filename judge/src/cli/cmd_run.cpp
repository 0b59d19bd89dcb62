// judge run <slug> <file>: judge a solution on this machine's GPU.
#include <fmt/format.h>

#include <filesystem>
#include <sstream>

#include "cli/commands.hpp"
#include "judging/submission.hpp"
#include "report/printers.hpp"
#include "spec/catalog.hpp"
#include "util/terminal.hpp"

namespace judge::cli {
namespace {

struct RunArgs {
  std::string slug, file, tests = "all", compiler = "nvcc";
  std::vector<std::string> include_dirs;
  bool keep_going = false, json = false, no_cache = false;
};

Result<std::set<spec::CaseKind>> parse_kinds(const std::string& text) {
  std::set<spec::CaseKind> kinds;
  std::stringstream in(text);
  for (std::string k; std::getline(in, k, ',');) {
    if (k == "all") kinds.insert({spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance});
    else if (k == "example") kinds.insert(spec::CaseKind::example);
    else if (k == "functional") kinds.insert(spec::CaseKind::functional);
    else if (k == "performance") kinds.insert(spec::CaseKind::performance);
    else return make_error(fmt::format("--tests: unknown kind '{}' (use example, functional, performance or all)", k));
  }
  return kinds;
}

int run(const GlobalOptions& g, const RunArgs& a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  auto c = cat->challenge(a.slug);
  if (!c) return fail(c.error().message, 2);
  auto suite = cat->testcases(*c);
  if (!suite) return fail(suite.error().message, 3);
  if (!std::filesystem::is_regular_file(a.file)) return fail(fmt::format("{}: no such file", a.file), 2);
  auto kinds = parse_kinds(a.tests);
  if (!kinds) return fail(kinds.error().message, 2);
  judging::RunOptions opt;
  opt.kinds = *kinds;
  opt.keep_going = a.keep_going;
  opt.engine = a.compiler;
  opt.use_cache = !a.no_cache;
  for (const std::string& d : a.include_dirs) opt.include_dirs.emplace_back(d);
  const bool progress = util::stream_wants_color(stderr) && !a.json;
  if (progress) {
    opt.on_test = [](const std::string& name, std::size_t i, std::size_t n) {
      fmt::print(stderr, "\r\033[K[{}/{}] {}", i + 1, n, name);
    };
  }
  const judging::RunResult r = judging::judge_submission(*c, *suite, a.file, a.file, opt);
  if (progress) fmt::print(stderr, "\r\033[K");
  if (a.json) {
    fmt::print("{}\n", report::render_json(r).dump(2));
  } else {
    fmt::print("{}", report::render_text(r, util::stream_wants_color(stdout)));
  }
  return static_cast<int>(judging::exit_code_for(r.verdict));
}

}  // namespace

Command run_command() {
  return {"run", "Compile a solution and judge it on the GPU", [](CLI::App& sub, const GlobalOptions& g) {
            auto a = std::make_shared<RunArgs>();
            sub.add_option("slug", a->slug, "Challenge, e.g. vector-addition")->required();
            sub.add_option("file", a->file, "Your solution.cu")->required();
            sub.add_option("--tests", a->tests, "Which tests: example, functional, performance or all (comma-separated)");
            sub.add_flag("--keep-going", a->keep_going, "Run every test instead of stopping at the first failure");
            sub.add_flag("--json", a->json, "Print one JSON document (format judge-run/1) on stdout");
            sub.add_option("--compiler", a->compiler, "Compile engine: nvcc")->check(CLI::IsMember({"nvcc"}));
            sub.add_option("-I", a->include_dirs, "Extra include folder (the solution's own folder is always searched)");
            sub.add_flag("--no-cache", a->no_cache, "Recompile even if an identical build is cached");
            return std::function<int()>([&g, a] { return run(g, *a); });
          }};
}

}  // namespace judge::cli
