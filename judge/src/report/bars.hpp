// Horizontal bars for the terminal: the ranking ladder's times and a profiled kernel's throughput.
// Unicode block characters (eighths of a cell) on a UTF-8 terminal, plain ASCII on another
// terminal, and none at all when the output is not a terminal (a file, a pipe, --json): the
// lines around a bar always say the number, so a bar only adds a picture.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace judge::report {

enum class BarStyle { none, ascii, unicode };

// Whether the locale (LC_ALL, else LC_CTYPE, else LANG, as the C library reads them) names UTF-8.
bool locale_is_utf8();
// The style for `stream`: none unless it is a terminal whose TERM is not "dumb"; unicode when the
// locale is UTF-8, else ascii. NO_COLOR does not turn bars off (they are not colour).
BarStyle bar_style_for(std::FILE* stream);

// A bar exactly `width` cells wide, filled to `fraction` (clamped to 0..1): unicode fills in
// eighths of a cell, ascii in whole cells of '#'. A fraction above 0 shows at least the smallest
// mark. `track`: the empty part shows the full length ('░' or '.'); otherwise it is spaces.
// Empty for BarStyle::none.
std::string bar(double fraction, int width, BarStyle style, bool track = false);

// Where a value lies on a common scale, 0..1: linear from 0 to `hi`, or logarithmic between
// `lo` and `hi` (for times that span orders of magnitude).
struct BarScale {
  double lo = 0, hi = 1;
  bool log = false;
  double position(double value) const;
};
// A linear scale from 0 to the largest value.
BarScale linear_scale(const std::vector<double>& values);
// A log scale from half the smallest positive value to the largest, so the shortest bar still
// shows and each doubling adds the same length.
BarScale log_scale(const std::vector<double>& values);

}  // namespace judge::report
