// Fuzz targets for the judge's loaders: each takes arbitrary bytes, feeds them to one loader
// and checks that it answers with a value or a clean error (never a crash, a hang or an
// uncaught exception). Shared by the libFuzzer executables (judge/fuzz/fuzz_*.cpp, clang only)
// and the seeded, deterministic mutation test that runs in the unit tests (loader_fuzz_test).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace judge::fuzz {

enum class Target : int { challenge = 0, testcases = 1, csv_manifest = 2, json_manifest = 3, baseline = 4, source = 5 };

inline constexpr Target kAllTargets[] = {Target::challenge,     Target::testcases, Target::csv_manifest,
                                         Target::json_manifest, Target::baseline,  Target::source};

// "challenge", "testcases", ...: the name of the libFuzzer executable (fuzz_<name>) and of the
// regression folder (judge/tests/fuzz_regressions/<name>/).
std::string_view target_name(Target t);
bool is_json_target(Target t);

// Runs the target's loader on `input` and returns its error message ("" when the input loaded).
// Returns whatever the input; a loader bug shows as a crash, an exception escaping, or (for
// invariants the target checks) std::abort with a message on stderr. The data root
// (challenges/, testcases/) is `root`.
std::string run_target(Target t, std::string_view input, const std::filesystem::path& root);

// The name of the file the input is written to (or, for sources, the name it is parsed under):
// every error must name it.
std::string_view input_file_name(Target t);

// The shipped files a target starts from: challenge.json files, testcases/*.json (each prefixed
// with the byte choosing its challenge, see targets.cpp), baseline files, manifests built from
// the solutions, the solutions and the construct corpus.
std::vector<std::string> seeds(Target t, const std::filesystem::path& root);

}  // namespace judge::fuzz
