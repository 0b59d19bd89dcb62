#include "util/tool_path.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

namespace judge::util {
namespace fs = std::filesystem;

namespace {

bool executable(const fs::path& p) {
  return ::access(p.c_str(), X_OK) == 0;
}

}  // namespace

std::vector<fs::path> cuda_roots() {
  std::vector<fs::path> roots;
  if (const char* home = std::getenv("CUDA_HOME"); home && *home) roots.emplace_back(home);
  roots.emplace_back("/usr/local/cuda");
  return roots;
}

Result<fs::path> find_tool(const std::string& name, const char* override_var, const std::vector<fs::path>& candidates,
                           const std::string& not_found, const std::string& override_hint) {
  if (const char* e = std::getenv(override_var); e && *e) {
    if (executable(e)) return fs::path(e);
    return make_error(fmt::format("{}={} is not an executable{}", override_var, e, override_hint));
  }
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string d; std::getline(dirs, d, ':');)
      if (!d.empty() && executable(fs::path(d) / name)) return fs::path(d) / name;
  }
  for (const fs::path& p : candidates)
    if (executable(p)) return p;
  return make_error(not_found);
}

}  // namespace judge::util
