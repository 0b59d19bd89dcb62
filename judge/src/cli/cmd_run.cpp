// judge run <slug> <file>: judge a solution on this machine's GPU.
#include <fmt/format.h>

#include "cli/run_support.hpp"
#include "cli/run_watch.hpp"
#include "report/printers.hpp"
#include "util/interrupt.hpp"
#include "util/progress.hpp"
#include "util/terminal.hpp"

namespace judge::cli {

Command run_command() {
  return {"run", "Compile a solution and judge it on the GPU", [](CLI::App& sub, const GlobalOptions& g) {
            auto r = std::make_shared<JudgeRequest>();
            auto json = std::make_shared<bool>(false);
            auto watch = std::make_shared<bool>(false);
            sub.add_option("slug", r->slug, "Challenge, e.g. vector-addition")->required();
            sub.add_option("file", r->file, "Your solution.cu")->required();
            sub.add_flag("--json", *json, "Print one JSON document (format judge-run/1) on stdout");
            add_judge_options(sub, *r);
            add_sanitize_option(sub, *r);
            add_profile_option(sub, *r);
            sub.add_flag("--watch", *watch,
                         "Judge again each time the file or a local header it includes is saved (clearing the "
                         "screen on a terminal; with --json one JSON document per line); Ctrl-C stops");
            return std::function<int()>([&g, r, json, watch] {
              if (*watch) return watch_and_judge(g, *r, *json);
              r->progress = util::progress_wanted(stderr, *json);
              auto judged = judge_file(g, *r);
              if (auto* code = std::get_if<int>(&judged)) return *code;
              const judging::RunResult& result = std::get<Judged>(judged).result;
              util::OutputHold hold;  // Ctrl-C now waits for the report to be written whole
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
