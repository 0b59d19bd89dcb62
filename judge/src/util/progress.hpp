// A progress line on stderr for steps that take a while (data generation, timing, grading):
// shown only when wanted (stderr is a terminal and stdout is not machine-readable output) and
// only once a step has lasted about a second; redrawn in place with the elapsed time and, when
// known, a bar; erased when the work is done. Measuring code never prints: it reports steps
// through callbacks, and the command decides whether a ProgressLine shows them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace judge::util {

// Whether progress lines should be drawn on `stream`: a terminal whose TERM is not "dumb", and
// not with --json (`machine_output`). NO_COLOR does not matter: it is about colour only.
bool progress_wanted(std::FILE* stream, bool machine_output);

class ProgressLine {
 public:
  // Disabled: every call does nothing. `delay`: how long a step runs before it is shown.
  ProgressLine(std::FILE* out, bool enabled, std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();  // erases the line

  // A new step: its text, and optionally how far the whole work is (0..1, drawn as a bar).
  // The delay counts from the first step after a clear().
  void step(std::string text, std::optional<double> fraction = std::nullopt);
  // Erases the line; the next step waits for the delay again.
  void clear();
  // Prints a whole line (a log line, written whether enabled or not) above the progress line.
  void print_above(const std::string& line);

  // The line as it would be drawn now (tests read it): "text  [#####     ] 50%  3.2 s".
  static std::string render(const std::string& text, std::optional<double> fraction, double seconds);

 private:
  void tick();
  void draw_locked();
  void erase_locked();

  std::FILE* out_;
  bool enabled_;
  std::chrono::milliseconds delay_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread ticker_;
  bool stop_ = false;
  bool active_ = false;  // a step is under way
  bool drawn_ = false;   // something is on the line
  std::string text_;
  std::optional<double> fraction_;
  std::chrono::steady_clock::time_point since_;
};

}  // namespace judge::util
