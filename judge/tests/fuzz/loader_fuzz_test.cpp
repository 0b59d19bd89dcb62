// The loaders under a seeded, deterministic mutation fuzzer (judge/fuzz/mutate.hpp), starting
// from the shipped files, for a fixed number of inputs per target (JUDGE_FUZZ_ITERATIONS, default
// 800: about a second per target). Every input must load or give an error naming the file;
// an exception escaping, a crash or an abort is a finding. The cases libFuzzer or this test
// found are kept in judge/tests/fuzz_regressions/<target>/ and replayed here.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <ostream>
#include <random>
#include <sstream>

#include "fuzz/mutate.hpp"
#include "fuzz/targets.hpp"

namespace judge::fuzz {

// A target prints as its name ("challenge") in test lists, failures and ctest's names. Beside
// Target itself (not in the anonymous namespace), where GoogleTest's printer finds it.
static void PrintTo(Target t, std::ostream* os) {
  *os << target_name(t);
}

namespace {

namespace fs = std::filesystem;

fs::path source_root() {
  return JUDGE_TEST_ROOT;
}

int iterations() {
  if (const char* e = std::getenv("JUDGE_FUZZ_ITERATIONS"); e && *e) return std::atoi(e);
  return 800;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Keeps a failing input where a developer finds it, to replay and to add to the regressions.
std::string keep_failure(Target t, int iteration, const std::string& input) {
  const fs::path p = fs::temp_directory_path() /
                     ("judge-fuzz-failure-" + std::string(target_name(t)) + "-" + std::to_string(iteration));
  std::ofstream(p, std::ios::binary) << input;
  return p.string();
}

// Loads `input`; an escaping exception or an error that does not name the file fails the test.
bool check_one(Target t, const std::string& input, const std::string& label) {
  std::string error;
  try {
    error = run_target(t, input, source_root());
  } catch (const std::exception& e) {
    ADD_FAILURE() << label << ": uncaught exception: " << e.what();
    return false;
  }
  if (!error.empty() && error.find(input_file_name(t)) == std::string::npos) {
    ADD_FAILURE() << label << ": the error does not name the file: " << error;
    return false;
  }
  return true;
}

class LoaderFuzz : public ::testing::TestWithParam<Target> {};

TEST_P(LoaderFuzz, MutatedShippedFiles) {
  const Target t = GetParam();
  const std::vector<std::string> seeds = fuzz::seeds(t, source_root());
  ASSERT_FALSE(seeds.empty()) << "no seeds for " << target_name(t);
  // The seeds themselves are valid files (the manifests name files the fuzz folder holds).
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    if (t == Target::source) continue;  // solutions are valid CUDA, not all have a solve to parse
    EXPECT_EQ(run_target(t, seeds[i], source_root()), "") << target_name(t) << " seed " << i;
  }
  std::mt19937_64 rng(0x5eed0000u + static_cast<unsigned>(t));
  const int n = iterations();
  for (int i = 0; i < n; ++i) {
    const std::string& seed = seeds[rng() % seeds.size()];
    std::string input;
    if (t == Target::testcases) {  // the first byte picks the challenge: keep it, mutate the file
      input = seed.substr(0, 1) + (rng() % 2 ? mutate_json(seed.substr(1), rng) : mutate_bytes(seed.substr(1), rng));
    } else if (is_json_target(t) && rng() % 2) {
      input = mutate_json(seed, rng);
    } else {
      input = mutate_bytes(seed, rng);
    }
    if (!check_one(t, input, std::string(target_name(t)) + " iteration " + std::to_string(i))) {
      ADD_FAILURE() << "input kept at " << keep_failure(t, i, input);
      return;
    }
  }
}

TEST_P(LoaderFuzz, Regressions) {
  const Target t = GetParam();
  const fs::path dir = source_root() / "judge" / "tests" / "fuzz_regressions" / std::string(target_name(t));
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) GTEST_SKIP() << "no regression cases for " << target_name(t);
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".md") continue;
    check_one(t, read_all(e.path()), e.path().filename().string());
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, LoaderFuzz, ::testing::ValuesIn(kAllTargets),
                         [](const auto& info) { return std::string(target_name(info.param)); });

}  // namespace
}  // namespace judge::fuzz
