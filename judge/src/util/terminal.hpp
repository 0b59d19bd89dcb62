// Terminal hygiene: colour only on a TTY whose TERM is not "dumb", and never with NO_COLOR.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace judge::util {

bool stream_wants_color(std::FILE* stream);

enum class Color { none, red, green, yellow, cyan, dim, bold };
std::string paint(std::string_view text, Color c, bool enabled);

}  // namespace judge::util
