// The splitter's golden test: what the nvrtc engine's split makes of real files (the device
// source, the host source, the name expressions, the unsupported constructs and the engine
// `auto` takes) is checked in under judge/tests/golden/split, one file per input, and every run
// compares today's split with it byte for byte. A refactor of the splitter must leave it
// unchanged; an intended change of behaviour regenerates it and the diff shows what changed.
//
// The inputs are a fixed list, the entries present in the folder (the construct corpus and the
// shipped solutions when it was made), so a new challenge merging in does not break this test;
// `scripts/split-golden.sh --add-new` adds entries for files that have none.
// Only splits, never compiles: the whole test takes about a second.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>

#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile/splitter.hpp"
#include "corpus/construct_corpus.hpp"
#include "test_support.hpp"
#include "util/read_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRegenerate = "scripts/split-golden.sh";

fs::path golden_dir() {
  return testing::source_root() / "judge" / "tests" / "golden" / "split";
}

// One input: where it is, which challenge binds it (for the judge's solve.h of the older
// format), and where its golden file is.
struct Input {
  std::string name;  // "solutions/relu/naive.cu" or "corpus/local-header.cu": the golden's path, less ".txt"
  fs::path file;
  std::string challenge;
};

// The challenge of each construct-corpus file (its manifest), or of a solution (its folder).
std::optional<Input> input_named(const std::string& name, const std::map<std::string, std::string>& corpus) {
  if (name.starts_with("corpus/")) {
    const std::string file = name.substr(7);
    const auto c = corpus.find(file);
    if (c == corpus.end()) return std::nullopt;
    return Input{name, testing::corpus_dir() / file, c->second};
  }
  if (name.starts_with("solutions/")) {
    const std::string rest = name.substr(10);
    return Input{name, testing::source_root() / name, rest.substr(0, rest.find('/'))};
  }
  return std::nullopt;
}

std::map<std::string, std::string> corpus_challenges() {
  std::map<std::string, std::string> out;
  for (const auto& e : testing::corpus_entries()) out[e.file] = e.challenge;
  return out;
}

// The names the golden folder holds (the fixed list), sorted.
std::vector<std::string> golden_names() {
  std::vector<std::string> out;
  if (!fs::is_directory(golden_dir())) return out;
  for (const auto& e : fs::recursive_directory_iterator(golden_dir()))
    if (e.is_regular_file() && e.path().extension() == ".txt")
      out.push_back(fs::relative(e.path(), golden_dir()).replace_extension().generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

// Every file the golden could cover today: the construct corpus and solutions/**/*.cu.
std::vector<std::string> current_names() {
  std::vector<std::string> out;
  for (const auto& e : testing::corpus_entries()) out.push_back("corpus/" + e.file);
  for (const auto& e : fs::recursive_directory_iterator(testing::source_root() / "solutions"))
    if (e.is_regular_file() && e.path().extension() == ".cu")
      out.push_back(fs::relative(e.path(), testing::source_root()).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

// The request the engine would split: the file bound to its challenge when it binds (a file
// that does not, a CE case among the wrong/ ones, is split all the same, without solve.h).
compile::CompileRequest request_for(const Input& in, const spec::Catalog& catalog, const std::string& text) {
  compile::CompileRequest r;
  r.source = in.file;
  r.display_name = in.file.filename().string();
  r.arch = "sm_90";
  r.engine = "auto";
  if (auto challenge = catalog.challenge(in.challenge))
    if (auto proto = compile::parse_solve_prototype(text, r.display_name))
      if (auto binding = compile::bind_prototype(*proto, *challenge, r.display_name)) r.binding = *binding;
  return r;
}

// The golden text of one input; the byte counts make it unambiguous where a source ends.
std::string render(const Input& in, const spec::Catalog& catalog) {
  const auto text = util::read_text_file(in.file);
  if (!text) return "cannot read " + in.file.string() + ": " + text.error().message + "\n";
  const compile::SplitResult r = compile::split_with_headers(request_for(in, catalog, *text), *text);
  std::ostringstream out;
  out << "# The nvrtc engine's split of " << in.name << " (challenge " << in.challenge << "); " << kRegenerate
      << " regenerates this file.\n";
  const std::string note = compile::nvcc_fallback_note(r);
  out << "auto engine: " << (note.empty() ? "nvrtc" : "nvcc\nauto note: " + note) << "\n";
  out << "kernels: " << r.kernels << "\nlaunches: " << r.launches << "\n";
  for (std::size_t i = 0; i < r.names.size(); ++i)
    out << "name " << i << ": " << r.names[i].text << (r.names[i].variable ? " (variable)" : "") << "\n";
  for (const compile::SplitIssue& issue : r.unsupported)
    out << "unsupported: " << issue.construct << " (" << (issue.file.empty() ? "" : issue.file + " ") << "line "
        << issue.line << ")\n";
  out << "--- device source (" << r.device_source.size() << " bytes)\n" << r.device_source << "\n";
  out << "--- host source (" << r.host_source.size() << " bytes)\n" << r.host_source << "\n";
  return out.str();
}

// "line 12: expected `...`, got `...`" for the first line that differs.
std::string first_difference(const std::string& expected, const std::string& actual) {
  std::istringstream e(expected), a(actual);
  std::string le, la;
  for (int line = 1;; ++line) {
    const bool more_e = static_cast<bool>(std::getline(e, le)), more_a = static_cast<bool>(std::getline(a, la));
    if (!more_e && !more_a) return "the same lines, different line ends";
    if (!more_e || !more_a || le != la)
      return "line " + std::to_string(line) + ": expected `" + (more_e ? le : "<end>") + "`, got `" +
             (more_a ? la : "<end>") + "`";
  }
}

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// JUDGE_UPDATE_GOLDEN=1 (scripts/split-golden.sh) rewrites the entries instead of comparing, and
// drops those whose input is gone; =add also adds entries for files that have none.
std::string update_mode() {
  const char* v = std::getenv("JUDGE_UPDATE_GOLDEN");
  return v ? v : "";
}

TEST(SplitGolden, EveryEntryIsTheSplitOfItsInputToday) {
  const spec::Catalog catalog = testing::catalog();
  const auto corpus = corpus_challenges();
  const std::string mode = update_mode();
  std::vector<std::string> names = golden_names();
  if (mode == "add") {
    for (const std::string& n : current_names()) names.push_back(n);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
  }
  ASSERT_FALSE(names.empty()) << golden_dir() << " holds no entries; " << kRegenerate << " --add-new makes them";

  std::size_t compared = 0, written = 0;
  for (const std::string& name : names) {
    const fs::path golden = golden_dir() / (name + ".txt");
    const std::optional<Input> in = input_named(name, corpus);
    if (!in || !fs::exists(in->file)) {
      if (!mode.empty()) {
        fs::remove(golden);
        continue;
      }
      ADD_FAILURE() << golden << ": its input " << name << " is gone (or not in the corpus manifest); " << kRegenerate
                    << " drops the entry";
      continue;
    }
    const std::string actual = render(*in, catalog);
    if (!mode.empty()) {
      write_file(golden, actual);
      ++written;
      continue;
    }
    const auto expected = util::read_text_file(golden);
    ASSERT_TRUE(expected) << expected.error().message;
    ++compared;
    EXPECT_TRUE(*expected == actual) << name << ": the split differs from " << golden << " at "
                                     << first_difference(*expected, actual) << ".\nIf the change is intended, run "
                                     << kRegenerate << " and review `git diff judge/tests/golden/split`.";
  }
  if (!mode.empty()) std::cout << "split golden: wrote " << written << " entries to " << golden_dir() << "\n";
  if (mode.empty()) {
    // Both kinds of input are there: the corpus and the solutions.
    const auto is = [&](const char* prefix) {
      return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return n.starts_with(prefix); });
    };
    EXPECT_TRUE(is("corpus/") && is("solutions/")) << golden_dir() << " lacks the corpus or the solutions";
    std::vector<std::string> uncovered;
    const std::vector<std::string> current = current_names();
    std::set_difference(current.begin(), current.end(), names.begin(), names.end(), std::back_inserter(uncovered));
    if (!uncovered.empty())
      std::cout << "split golden: " << compared << " files compared; " << uncovered.size() << " without an entry, e.g. "
                << uncovered.front() << ", are not checked (" << kRegenerate << " --add-new adds them)\n";
  }
}

}  // namespace
}  // namespace judge
