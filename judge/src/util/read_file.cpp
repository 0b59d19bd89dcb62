#include "util/read_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace judge::util {

Result<std::string> read_text_file(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return make_error(fmt::format("{}: cannot read file", path.string()));
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace judge::util
