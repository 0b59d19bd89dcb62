// judge run <slug> <file>: judge a solution on this machine's GPU.
#include <fmt/format.h>

#include "cli/run_support.hpp"
#include "report/printers.hpp"
#include "util/progress.hpp"
#include "util/terminal.hpp"

namespace judge::cli {

Command run_command() {
  return {"run", "Compile a solution and judge it on the GPU", [](CLI::App& sub, const GlobalOptions& g) {
            auto r = std::make_shared<JudgeRequest>();
            auto json = std::make_shared<bool>(false);
            sub.add_option("slug", r->slug, "Challenge, e.g. vector-addition")->required();
            sub.add_option("file", r->file, "Your solution.cu")->required();
            sub.add_flag("--json", *json, "Print one JSON document (format judge-run/1) on stdout");
            add_judge_options(sub, *r);
            add_sanitize_option(sub, *r);
            add_profile_option(sub, *r);
            return std::function<int()>([&g, r, json] {
              r->progress = util::progress_wanted(stderr, *json);
              auto judged = judge_file(g, *r);
              if (auto* code = std::get_if<int>(&judged)) return *code;
              const judging::RunResult& result = std::get<Judged>(judged).result;
              if (*json)
                fmt::print("{}\n", report::render_json(result).dump(2));
              else
                fmt::print(
                    "{}", report::render_text(result, util::stream_wants_color(stdout), report::bar_style_for(stdout)));
              return static_cast<int>(judging::exit_code_for(result.verdict));
            });
          }};
}

}  // namespace judge::cli
