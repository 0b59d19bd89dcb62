// Writes each fuzz target's seeds (the shipped files, targets.hpp) into <dir>/<target>/, the
// starting corpus for the libFuzzer executables: `judge_fuzz_seeds <data root> <dir>`.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "fuzz/targets.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: judge_fuzz_seeds <data root> <corpus dir>\n");
    return 2;
  }
  namespace fs = std::filesystem;
  for (judge::fuzz::Target t : judge::fuzz::kAllTargets) {
    const fs::path dir = fs::path(argv[2]) / std::string(judge::fuzz::target_name(t));
    fs::create_directories(dir);
    const auto seeds = judge::fuzz::seeds(t, argv[1]);
    for (std::size_t i = 0; i < seeds.size(); ++i)
      std::ofstream(dir / ("seed-" + std::to_string(i)), std::ios::binary) << seeds[i];
    std::printf("%s: %zu seeds in %s\n", std::string(judge::fuzz::target_name(t)).c_str(), seeds.size(), dir.c_str());
  }
  return 0;
}
