// The generated translation unit that wraps a submission: it includes the user's file
// unchanged (so diagnostics keep the user's file and lines) and adds `judge_call_solve`,
// which calls `solve` with the exact declared parameter types. The compiler checks the call
// against the real definition, so nothing is cast through a guessed ABI.
#pragma once

#include <filesystem>
#include <string>

#include "compile/binding.hpp"

namespace judge::compile {

inline constexpr const char* kTrampolineSymbol = "judge_call_solve";

// args[i] points at the storage of argument i: a void* for buffers, the scalar itself otherwise.
std::string make_trampoline_source(const std::filesystem::path& solution, const Binding& binding);

// Only the static_assert and judge_call_solve, for a TU that already holds the user's code.
std::string make_trampoline_body(const Binding& binding);

}  // namespace judge::compile
