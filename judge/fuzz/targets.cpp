#include "fuzz/targets.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "baseline/store.hpp"
#include "compile/prototype.hpp"
#include "compile/splitter.hpp"
#include "grade/manifest.hpp"
#include "spec/catalog.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::fuzz {
namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The loaders read files: each input is written to this process's scratch folder first. The
// folder also holds a few .cu files, so manifest rows naming them get past the existence check.
const fs::path& scratch() {
  static const fs::path dir = [] {
    const fs::path d = fs::temp_directory_path() / ("judge-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(d / "subs");
    for (const char* name : {"a.cu", "b.cu", "subs/c.cu"}) std::ofstream(d / name) << "// fuzz\n";
    return d;
  }();
  return dir;
}

fs::path write_input(const std::string& name, std::string_view input) {
  const fs::path p = scratch() / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(input.data(), static_cast<std::streamsize>(input.size()));
  return p;
}

// The shipped challenges, loaded once: testcase files are checked against one of them.
struct Shipped {
  std::vector<std::string> slugs;
  std::vector<spec::Challenge> challenges;
};
const Shipped& shipped(const fs::path& root) {
  static std::map<fs::path, Shipped> cache;
  auto it = cache.find(root);
  if (it != cache.end()) return it->second;
  Shipped s;
  const spec::Catalog cat(root);
  for (const std::string& slug : cat.slugs()) {
    if (auto c = cat.challenge(slug)) {
      s.slugs.push_back(slug);
      s.challenges.push_back(std::move(*c));
    }
  }
  if (s.challenges.empty()) {
    std::fprintf(stderr, "fuzz: no challenges under %s\n", root.c_str());
    std::abort();
  }
  return cache.emplace(root, std::move(s)).first->second;
}

// An invariant of a loader's answer does not hold: a finding, like a crash.
[[noreturn]] void violated(const char* what) {
  std::fprintf(stderr, "fuzz: invariant violated: %s\n", what);
  std::abort();
}

std::string run_source(std::string_view input) {
  const compile::SplitResult r = compile::split_source(input);
  // Both halves keep every line where it was, so compiler messages name the user's lines.
  const auto lines = std::count(input.begin(), input.end(), '\n');
  if (std::count(r.device_source.begin(), r.device_source.end(), '\n') != lines) violated("device part line count");
  if (std::count(r.host_source.begin(), r.host_source.end(), '\n') != lines) violated("host part line count");
  (void)compile::describe_first_issue(r);
  auto proto = compile::parse_solve_prototype(input, "fuzz.cu");
  return proto ? std::string() : proto.error().message;
}

template <typename T>
std::string error_of(const Result<T>& r) {
  return r ? std::string() : r.error().message;
}

// The "slug" of a JSON object input, when it is a usable folder name; "x" otherwise.
std::string slug_folder(std::string_view input) {
  const nlohmann::json j = nlohmann::json::parse(input, nullptr, false);
  if (!j.is_object() || !j.contains("slug") || !j["slug"].is_string()) return "x";
  const std::string slug = j["slug"].get<std::string>();
  const bool usable = !slug.empty() && slug.size() < 100 && slug != "." && slug != ".." &&
                      std::all_of(slug.begin(), slug.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                      });
  return usable ? slug : "x";
}

}  // namespace

std::string_view target_name(Target t) {
  switch (t) {
    case Target::challenge:
      return "challenge";
    case Target::testcases:
      return "testcases";
    case Target::csv_manifest:
      return "csv_manifest";
    case Target::json_manifest:
      return "json_manifest";
    case Target::baseline:
      return "baseline";
    case Target::source:
      return "source";
  }
  return "unknown";
}

bool is_json_target(Target t) {
  return t != Target::csv_manifest && t != Target::source;
}

std::string run_target(Target t, std::string_view input, const fs::path& root) {
  switch (t) {
    case Target::challenge:
      // A challenge.json must sit in a folder named by its slug: the input's own, when it names one.
      return error_of(spec::load_challenge(write_input(slug_folder(input) + "/challenge.json", input)));
    case Target::testcases: {
      // The first byte picks the challenge the file is checked against; the rest is the file.
      const Shipped& s = shipped(root);
      const spec::Challenge& c =
          s.challenges[input.empty() ? 0 : static_cast<unsigned char>(input[0]) % s.challenges.size()];
      return error_of(spec::load_testcases(write_input("testcases.json", input.substr(input.empty() ? 0 : 1)), c));
    }
    case Target::csv_manifest:
      return error_of(grade::read_csv_manifest(write_input("manifest.csv", input), shipped(root).slugs));
    case Target::json_manifest:
      return error_of(grade::read_json_manifest(write_input("manifest.json", input), shipped(root).slugs));
    case Target::baseline:
      return error_of(baseline::load_file(write_input("baseline.json", input)));
    case Target::source:
      return run_source(input);
  }
  return {};
}

std::string_view input_file_name(Target t) {
  switch (t) {
    case Target::challenge:
      return "challenge.json";
    case Target::testcases:
      return "testcases.json";
    case Target::csv_manifest:
      return "manifest.csv";
    case Target::json_manifest:
      return "manifest.json";
    case Target::baseline:
      return "baseline.json";
    case Target::source:
      return "fuzz.cu";
  }
  return {};
}

std::vector<std::string> seeds(Target t, const fs::path& root) {
  std::vector<std::string> out;
  auto add_files = [&](const fs::path& dir, const std::string& ext, bool recursive) {
    std::vector<fs::path> files;
    std::error_code ec;
    if (recursive) {
      for (const auto& e : fs::recursive_directory_iterator(dir, ec))
        if (e.path().extension() == ext) files.push_back(e.path());
    } else {
      for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ext) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());  // a fixed order keeps the seeded test deterministic
    for (const fs::path& f : files) out.push_back(read_all(f));
  };
  switch (t) {
    case Target::challenge:
      for (const std::string& slug : shipped(root).slugs)
        out.push_back(read_all(root / "challenges" / slug / "challenge.json"));
      break;
    case Target::testcases: {
      const Shipped& s = shipped(root);
      for (std::size_t i = 0; i < s.slugs.size(); ++i) {
        const fs::path f = root / "testcases" / (s.slugs[i] + ".json");
        if (fs::exists(f)) out.push_back(std::string(1, static_cast<char>(i)) + read_all(f));
      }
      break;
    }
    case Target::csv_manifest:
      out.push_back("file,challenge,student,expected\na.cu,vector-addition,ada,AC\nsubs/c.cu,softmax,,WA\n");
      out.push_back("# a class\nchallenge,file\nreduction,\"b.cu\"\n\nrelu,a.cu\n");
      out.push_back("slug,file,notes\nreduction,b.cu,\"quoted, with \"\"escapes\"\"\"\n");
      break;
    case Target::json_manifest:
      out.push_back(R"([{"file": "a.cu", "challenge": "vector-addition", "student": "ada", "expected": "AC"}])");
      out.push_back(
          R"({"submissions": [{"file": "subs/c.cu", "challenge": "softmax"}, {"file": "b.cu", "challenge": "relu", "expected": "compiled"}]})");
      break;
    case Target::baseline: {
      std::vector<fs::path> gpus;
      for (const auto& e : fs::directory_iterator(root / "baselines"))
        if (e.is_directory()) gpus.push_back(e.path());
      std::sort(gpus.begin(), gpus.end());
      for (const fs::path& g : gpus) add_files(g, ".json", false);
      break;
    }
    case Target::source:
      add_files(root / "solutions", ".cu", true);
      add_files(root / "judge" / "tests" / "corpus" / "constructs", ".cu", false);
      break;
  }
  return out;
}

}  // namespace judge::fuzz
