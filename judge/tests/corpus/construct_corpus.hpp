// The construct corpus (judge/tests/corpus/constructs/expected.json): small correct solutions,
// each exercising one construct the compile engines must handle. Shared by the unit test (it
// compiles every entry) and the GPU test (it judges every entry under every engine).
#pragma once

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../test_support.hpp"

namespace judge::testing {

struct CorpusEntry {
  std::string file;       // relative to the corpus folder
  std::string challenge;  // the slug it solves
  std::string verdict;    // the verdict under every engine
  std::string construct;  // one line: what it exercises
  bool fallback = false;  // nvrtc may reject it; `auto` must then use nvcc
  std::string diagnosis;  // the first diagnosed test's code (judging/diagnose.hpp), or "" for none checked
  // The engine `auto` must end up with: "nvcc" for a fallback; "nvrtc" for an entry that
  // reproduces a cause of past fallbacks and must stay on NVRTC ("engine" in expected.json);
  // empty: not checked here (the GPU test judges auto on every entry).
  std::string auto_engine;
};

inline std::filesystem::path corpus_dir() {
  return source_root() / "judge" / "tests" / "corpus" / "constructs";
}

// A malformed manifest is a broken test tree, not a test result: it throws, which GoogleTest
// reports against the test binary with the message below.
inline std::vector<CorpusEntry> corpus_entries() {
  const std::filesystem::path manifest = corpus_dir() / "expected.json";
  std::ifstream in(manifest);
  if (!in) throw std::runtime_error(manifest.string() + ": cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str());
  std::vector<CorpusEntry> out;
  for (const auto& s : doc.at("solutions"))
    out.push_back({s.at("file").get<std::string>(), s.at("challenge").get<std::string>(),
                   s.at("verdict").get<std::string>(), s.at("construct").get<std::string>(), s.value("fallback", false),
                   s.value("diagnosis", std::string()), s.value("engine", s.value("fallback", false) ? "nvcc" : "")});
  return out;
}

// "corpus/four-arg-launch.cu (nvrtc)": how a test of one corpus entry under one engine prints
// its parameter (test lists, a failure's "GetParam() =", ctest's names).
inline std::string case_label(const CorpusEntry& e, const std::string& engine) {
  return "corpus/" + e.file + " (" + engine + ")";
}

// "tricky-lexing.cu" -> "tricky_lexing": GoogleTest names allow only letters, digits and '_'.
inline std::string test_name_part(std::string s) {
  if (s.ends_with(".cu")) s.resize(s.size() - 3);
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

}  // namespace judge::testing
