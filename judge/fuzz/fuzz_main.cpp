// The libFuzzer entry point, built once per target (JUDGE_FUZZ_TARGET names it): fuzz_challenge,
// fuzz_testcases, fuzz_csv_manifest, fuzz_json_manifest, fuzz_baseline, fuzz_source.
// docs/testing.md says how to build and run them; any input that crashes is fixed in the loader
// and kept in judge/tests/fuzz_regressions/<target>/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "fuzz/targets.hpp"

#ifndef JUDGE_FUZZ_TARGET
#error "JUDGE_FUZZ_TARGET must name a judge::fuzz::Target"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // An exception escaping run_target is a finding: libFuzzer reports it as a crash (abort).
  (void)judge::fuzz::run_target(judge::fuzz::Target::JUDGE_FUZZ_TARGET,
                                std::string_view(reinterpret_cast<const char*>(data), size), JUDGE_SOURCE_ROOT);
  return 0;
}
