// The folder every cache of the judge lives under: compiled artifacts (artifacts/), the nvrtc
// engine's precompiled preludes (pch/), generated solve.h headers (include/), test data (data/)
// and measured device peaks. In util because compile, judging, grade and cli all keep things there.
#pragma once

#include <filesystem>

namespace judge::util {

// $JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/judge, else ~/.cache/judge, else <temp>/judge-cache.
std::filesystem::path cache_root();

}  // namespace judge::util
