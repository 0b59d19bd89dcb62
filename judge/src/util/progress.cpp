#include "util/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "util/interrupt.hpp"

namespace judge::util {

bool progress_wanted(std::FILE* stream, bool machine_output) {
  if (machine_output) return false;
  const char* term = std::getenv("TERM");
  if (!term || std::strcmp(term, "dumb") == 0) return false;
  return ::isatty(::fileno(stream)) == 1;
}

ProgressLine::ProgressLine(std::FILE* out, bool enabled, std::chrono::milliseconds delay)
    : out_(out), enabled_(enabled), delay_(delay) {
  if (enabled_) ticker_ = std::thread([this] { tick(); });
}

ProgressLine::~ProgressLine() {
  if (!enabled_) return;
  {
    std::lock_guard lk(mu_);
    stop_ = true;
    erase_locked();
  }
  cv_.notify_all();
  ticker_.join();
}

std::string ProgressLine::render(const std::string& text, std::optional<double> fraction, double seconds) {
  std::string line = text;
  if (fraction) {
    constexpr int kWidth = 24;
    const double f = std::clamp(*fraction, 0.0, 1.0);
    const int full = static_cast<int>(f * kWidth);
    line += fmt::format("  [{}{}] {:3.0f}%", std::string(full, '#'), std::string(kWidth - full, ' '), 100 * f);
  }
  return line + fmt::format("  {:.1f} s", seconds);
}

void ProgressLine::step(std::string text, std::optional<double> fraction) {
  if (!enabled_) return;
  std::lock_guard lk(mu_);
  if (!active_) since_ = std::chrono::steady_clock::now();
  active_ = true;
  text_ = std::move(text);
  fraction_ = fraction;
  if (drawn_) draw_locked();
}

void ProgressLine::clear() {
  if (!enabled_) return;
  std::lock_guard lk(mu_);
  active_ = false;
  erase_locked();
}

void ProgressLine::print_above(const std::string& line) {
  std::lock_guard lk(mu_);
  const bool was_drawn = drawn_;
  if (enabled_) erase_locked();
  fmt::print(out_, "{}\n", line);
  std::fflush(out_);
  if (was_drawn) draw_locked();
}

void ProgressLine::draw_locked() {
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - since_).count();
  fmt::print(out_, "\r\033[K{}", render(text_, fraction_, s));
  std::fflush(out_);
  drawn_ = true;
  note_progress_line(::fileno(out_));
}

void ProgressLine::erase_locked() {
  if (!drawn_) return;
  fmt::print(out_, "\r\033[K");
  std::fflush(out_);
  drawn_ = false;
  note_progress_line(-1);
}

void ProgressLine::tick() {
  std::unique_lock lk(mu_);
  while (!stop_) {
    cv_.wait_for(lk, std::chrono::milliseconds(200));
    if (stop_) break;
    if (active_ && std::chrono::steady_clock::now() - since_ >= delay_) draw_locked();
  }
}

}  // namespace judge::util
