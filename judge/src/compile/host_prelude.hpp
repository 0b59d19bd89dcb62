// Generated text around the two halves of a split file: the host prelude (force-included into
// the host part and precompiled once), the trampoline appended to the host part, the tables TU
// (lowered kernel names, the embedded CUBIN), and the small headers NVRTC gets in place of the
// host C library headers that device code commonly includes.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compile/binding.hpp"
#include "compile/splitter.hpp"

namespace judge::compile {

// The prelude header: cuda_runtime.h, empty execution-space macros, and namespace judge_nvrtc
// (launcher, kernel_handle, the symbol helpers) working on the library loaded from the CUBIN.
const std::string& host_prelude_text();

// What the host compiler calls the trampoline's lines (its #line name).
inline constexpr std::string_view kTrampolineName = "<judge nvrtc trampoline>";

// Appended after the user's code: the trampoline that calls solve. Needs nothing from NVRTC, so
// the host part compiles while NVRTC runs.
std::string host_trampoline(const Binding& binding);

// The second, tiny host unit, an assembly file written once NVRTC is done: the lowered names
// (`lowered[i]` is NVRTC's name for `names[i]`) and the CUBIN embedded with `.incbin`.
std::string host_tables(const std::vector<NameExpression>& names, const std::vector<std::string>& lowered,
                        const std::filesystem::path& cubin);

}  // namespace judge::compile
