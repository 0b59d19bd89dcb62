#include "util/terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace judge::util {

bool stream_wants_color(std::FILE* stream) {
  if (const char* nc = std::getenv("NO_COLOR"); nc && *nc) return false;
  const char* term = std::getenv("TERM");
  if (!term || std::strcmp(term, "dumb") == 0) return false;
  return ::isatty(::fileno(stream)) == 1;
}

std::string paint(std::string_view text, Color c, bool enabled) {
  if (!enabled || c == Color::none) return std::string(text);
  const char* code = "";
  switch (c) {
    case Color::red:
      code = "\033[31m";
      break;
    case Color::green:
      code = "\033[32m";
      break;
    case Color::yellow:
      code = "\033[33m";
      break;
    case Color::cyan:
      code = "\033[36m";
      break;
    case Color::dim:
      code = "\033[2m";
      break;
    case Color::bold:
      code = "\033[1m";
      break;
    case Color::none:
      break;
  }
  return std::string(code) + std::string(text) + "\033[0m";
}

}  // namespace judge::util
