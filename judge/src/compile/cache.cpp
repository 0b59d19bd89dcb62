#include "compile/cache.hpp"

#include <fmt/format.h>

#include "util/cache_root.hpp"

namespace judge::compile {
namespace fs = std::filesystem;

CacheInfo cache_info() {
  CacheInfo info;
  info.dir = util::cache_root();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(info.dir / "artifacts", ec)) {
    const std::string name = e.path().filename().string();
    const std::size_t dash = name.find('-');
    if (!e.is_regular_file(ec) || e.path().extension() != ".so" || dash == std::string::npos) continue;
    CacheUsage& u = info.engines[name.substr(0, dash)];
    ++u.entries;
    u.bytes += e.file_size(ec);
  }
  for (const auto& e : fs::recursive_directory_iterator(info.dir / "pch", ec)) {
    if (!e.is_regular_file(ec)) continue;
    if (e.path().extension() == ".gch") ++info.precompiled.entries;
    info.precompiled.bytes += e.file_size(ec);
  }
  return info;
}

Result<std::uint64_t> clear_cache() {
  std::uint64_t removed = 0;
  for (const char* sub : {"artifacts", "pch"}) {
    const fs::path dir = util::cache_root() / sub;
    std::error_code ec;
    const auto n = fs::remove_all(dir, ec);
    if (ec) return make_error(fmt::format("cannot remove {}: {}", dir.string(), ec.message()));
    if (n != static_cast<std::uintmax_t>(-1)) removed += n;
  }
  return removed;
}

}  // namespace judge::compile
