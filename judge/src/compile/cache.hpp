// What the artifact cache holds, and emptying it (`judge cache info|clear`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "util/result.hpp"

namespace judge::compile {

struct CacheUsage {
  std::uint64_t entries = 0;
  std::uint64_t bytes = 0;
};

struct CacheInfo {
  std::filesystem::path dir;                  // util::cache_root()
  std::map<std::string, CacheUsage> engines;  // "nvcc", "nvrtc" (artifacts named <engine>-<key>.so)
  CacheUsage precompiled;                     // the nvrtc engine's precompiled host preludes
};

CacheInfo cache_info();

// Removes the artifacts and precompiled preludes (other cached data, such as measured device
// peaks, stays). Returns how many files were removed.
Result<std::uint64_t> clear_cache();

}  // namespace judge::compile
