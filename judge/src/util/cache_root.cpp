#include "util/cache_root.hpp"

#include <cstdlib>

namespace judge::util {
namespace fs = std::filesystem;

fs::path cache_root() {
  if (const char* d = std::getenv("JUDGE_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return fs::path(x) / "judge";
  if (const char* h = std::getenv("HOME"); h && *h) return fs::path(h) / ".cache" / "judge";
  return fs::temp_directory_path() / "judge-cache";
}

}  // namespace judge::util
