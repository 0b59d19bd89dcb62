// The headers the nvrtc engine hands to NVRTC by name: small stand-ins for the C and C++ library
// headers a kernel file includes (<cstdint>, <climits>, <cmath>, <algorithm>, ...), which NVRTC
// does not ship, made to agree with CCCL's own <cuda/std/...> versions so that both may be
// included in either order (docs/compile.md#predefined-names-nvrtc-engine).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace judge::compile {

// (include name, contents) pairs handed to nvrtcCreateProgram.
const std::vector<std::pair<std::string, std::string>>& nvrtc_shim_headers();

}  // namespace judge::compile
