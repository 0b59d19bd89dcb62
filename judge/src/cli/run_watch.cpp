#include "cli/run_watch.hpp"

#include <fmt/format.h>

#include <ctime>

#include "compile/source_hash.hpp"
#include "report/printers.hpp"
#include "util/file_watch.hpp"
#include "util/interrupt.hpp"
#include "util/progress.hpp"
#include "util/terminal.hpp"

namespace judge::cli {
namespace fs = std::filesystem;

namespace {

// An editor's save is a burst of events within milliseconds; a formatter run on save follows
// within a few hundred. Quiet this long means the save is complete.
constexpr std::chrono::milliseconds kQuiet{300};

// "a", "a and b", "a, b and c"; past four names, "a, b, c and 3 more".
std::string join_names(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 3;
  std::vector<std::string> shown = names;
  if (names.size() > kShown + 1) {
    shown.resize(kShown);
    shown.push_back(fmt::format("{} more", names.size() - kShown));
  }
  std::string text;
  for (std::size_t i = 0; i < shown.size(); ++i)
    text += (i == 0 ? "" : i + 1 == shown.size() ? " and " : ", ") + shown[i];
  return text;
}

// The solution as given; a header as the user would type it from here (it was found next to the
// solution, or in an -I folder: then in full).
std::string display_name(const fs::path& file, const JudgeRequest& r) {
  if (file == fs::path(r.file)) return r.file;
  std::error_code ec;
  const fs::path folder = fs::weakly_canonical(fs::absolute(r.file), ec).parent_path();
  const fs::path rel = file.lexically_relative(folder);
  if (ec || rel.empty() || *rel.begin() == "..") return file.string();
  return (fs::path(r.file).parent_path() / rel).string();
}

std::vector<std::string> display_names(const std::vector<fs::path>& files, const JudgeRequest& r) {
  std::vector<std::string> names;
  for (const fs::path& f : files) names.push_back(display_name(f, r));
  return names;
}

std::string clock_now() {
  const std::time_t t = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&t, &local);
  return fmt::format("{:02}:{:02}:{:02}", local.tm_hour, local.tm_min, local.tm_sec);
}

// Where the watch's own lines go: stdout with the text report (so a log keeps the runs apart),
// stderr under --json (stdout holds only JSON lines).
struct WatchOutput {
  bool json = false;
  std::FILE* lines = stdout;
  bool color = false;
  bool clear = false;  // clear the screen between runs: text on a terminal only

  explicit WatchOutput(bool j)
      : json(j),
        lines(j ? stderr : stdout),
        color(util::stream_wants_color(j ? stderr : stdout)),
        clear(!j && util::progress_wanted(stdout, false)) {}

  void line(const std::string& text) const { fmt::print(lines, "{}\n", util::paint(text, util::Color::dim, color)); }
};

void print_result(const judging::RunResult& result, const WatchOutput& out) {
  if (out.json)
    fmt::print("{}\n", report::render_json(result).dump());
  else
    fmt::print("{}", report::render_text(result, util::stream_wants_color(stdout), report::bar_style_for(stdout)));
}

}  // namespace

std::vector<fs::path> watched_files(const JudgeRequest& r) {
  std::vector<fs::path> dirs(r.include_dirs.begin(), r.include_dirs.end());
  std::vector<fs::path> files = {fs::path(r.file)};
  for (fs::path& h : compile::local_headers(r.file, dirs)) files.push_back(std::move(h));
  return files;
}

std::string watch_header(int run, const std::string& clock, const std::vector<std::string>& changed,
                         const std::string& solution) {
  if (changed.empty()) return fmt::format("[{}] run {}: {}", clock, run, solution);
  return fmt::format("[{}] run {}: {} changed", clock, run, join_names(changed));
}

std::string watch_footer(const std::vector<std::string>& files) {
  return fmt::format("watching {} (Ctrl-C to stop)", join_names(files));
}

int watch_and_judge(const GlobalOptions& g, const JudgeRequest& r, bool json) {
  std::error_code ec;
  if (!fs::is_regular_file(r.file, ec))
    return fail(fmt::format("{}: no such file (--watch follows a solution file on disk)", r.file), 2);
  auto watch = util::FileWatch::open(watched_files(r));
  if (!watch) return fail(watch.error().message, 3);
  const WatchOutput out(json);
  JudgeRequest run_request = r;
  run_request.progress = util::progress_wanted(stderr, json);
  std::vector<std::string> changed;  // none before the first run
  for (int run = 1;; ++run) {
    {
      util::OutputHold hold;
      if (out.clear && run > 1) fmt::print("\033[H\033[2J");
      out.line(watch_header(run, clock_now(), changed, r.file));
    }
    auto judged = judge_file(g, run_request);
    // What the first run could not start for (unknown challenge, bad --tests, no
    // compute-sanitizer) no save can fix; later, such a problem (a file missing for a moment)
    // was printed, and the watch goes on.
    if (auto* code = std::get_if<int>(&judged); code && run == 1) return *code;
    if (auto s = watch->watch(watched_files(r)); !s) return fail(s.error().message, 3);
    {
      util::OutputHold hold;
      if (auto* j = std::get_if<Judged>(&judged)) print_result(j->result, out);
      out.line(watch_footer(display_names(watch->files(), r)));
    }
    auto next = watch->next_change(kQuiet);
    if (!next) return fail(next.error().message, 2);
    changed = display_names(*next, r);
  }
}

}  // namespace judge::cli
