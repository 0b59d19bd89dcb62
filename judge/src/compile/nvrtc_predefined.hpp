// The names nvcc's device side sees without any #include (the host compiler's predefined macros,
// <math.h> and <limits.h> through cuda_runtime.h) and NVRTC does not: put before the device part.
#pragma once

#include <string>

namespace judge::compile {

const std::string& nvrtc_predefined_text();

}  // namespace judge::compile
