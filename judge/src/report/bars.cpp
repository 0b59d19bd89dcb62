#include "report/bars.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace judge::report {
namespace {

// U+2588 FULL BLOCK, then U+2589..U+258F: seven eighths down to one eighth, left-aligned.
const char* const kEighths[8] = {"", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589"};
const char* const kFull = "\u2588";
const char* const kTrack = "\u2591";  // LIGHT SHADE

std::string lower(const char* s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool locale_is_utf8() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* v = std::getenv(name);
    if (!v || !*v) continue;  // an empty or unset variable defers to the next, as in setlocale
    const std::string s = lower(v);
    return s.find("utf-8") != std::string::npos || s.find("utf8") != std::string::npos;
  }
  return false;
}

BarStyle bar_style_for(std::FILE* stream) {
  const char* term = std::getenv("TERM");
  if (!term || std::strcmp(term, "dumb") == 0 || ::isatty(::fileno(stream)) != 1) return BarStyle::none;
  return locale_is_utf8() ? BarStyle::unicode : BarStyle::ascii;
}

std::string bar(double fraction, int width, BarStyle style, bool track) {
  if (style == BarStyle::none || width <= 0) return "";
  if (!(fraction > 0)) fraction = 0;  // NaN too
  fraction = std::min(fraction, 1.0);
  const int units_per_cell = style == BarStyle::unicode ? 8 : 1;
  int units = static_cast<int>(std::lround(fraction * width * units_per_cell));
  if (fraction > 0 && units == 0) units = 1;
  const int full = units / units_per_cell, part = units % units_per_cell;
  const int used = full + (part > 0 ? 1 : 0);
  std::string out;
  for (int i = 0; i < full; ++i) out += style == BarStyle::unicode ? kFull : "#";
  if (part > 0) out += kEighths[part];
  const std::string empty = !track ? " " : style == BarStyle::unicode ? kTrack : ".";
  for (int i = used; i < width; ++i) out += empty;
  return out;
}

double BarScale::position(double value) const {
  if (!(value > 0) || !(hi > 0)) return 0;
  if (!log) return std::clamp(value / hi, 0.0, 1.0);
  if (!(lo > 0) || hi <= lo) return 1;
  return std::clamp(std::log(value / lo) / std::log(hi / lo), 0.0, 1.0);
}

BarScale linear_scale(const std::vector<double>& values) {
  BarScale s;
  s.hi = 0;
  for (double v : values)
    if (v > s.hi) s.hi = v;
  return s;
}

BarScale log_scale(const std::vector<double>& values) {
  BarScale s;
  s.log = true;
  s.lo = 0;
  s.hi = 0;
  for (double v : values) {
    if (!(v > 0)) continue;
    if (s.lo == 0 || v < s.lo) s.lo = v;
    s.hi = std::max(s.hi, v);
  }
  s.lo /= 2;
  return s;
}

}  // namespace judge::report
