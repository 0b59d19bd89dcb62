// The unity build (docs/testing.md#the-build) compiles the sources of a target in batches, so two
// files of one module that each define the same name in an anonymous namespace fail to build the
// day a new file moves them into one batch. This test finds such names before that day: every
// function, variable and type defined at the top of an anonymous namespace of a judge/src .cpp
// file must be unique within its folder (aliases may repeat when they name the same thing).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace judge::testing {
namespace {

struct Definition {
  std::string file;
  std::size_t line = 0;
  std::string alias_of;  // for `using X = ...;` and `namespace X = ...;`: the right-hand side
};

// The names a .cpp file defines at the top of its anonymous namespaces (clang-format keeps their
// contents unindented and closes them with `}  // namespace`).
std::vector<std::pair<std::string, Definition>> anonymous_names(const std::string& file, std::istream& in) {
  static const std::regex alias(R"(^(?:using|namespace) (\w+) = (.*);)");
  static const std::regex type(R"(^(?:struct|class|enum class|enum|union) (\w+)\b)");
  static const std::regex other(R"(^(?:template <.*> )?(?:static |inline |constexpr |const |thread_local )*)"
                                R"([\w:<>,*& ]*?[\s*&](\w+)\s*(?:\(|=|\{|\[|;))");
  std::vector<std::pair<std::string, Definition>> out;
  bool inside = false;
  std::string line;
  for (std::size_t n = 1; std::getline(in, line); ++n) {
    if (line == "namespace {") {
      inside = true;
    } else if (inside && line.rfind("}  // namespace", 0) == 0) {
      inside = false;
    } else if (inside && !line.empty() && std::isalpha(static_cast<unsigned char>(line[0]))) {
      std::smatch m;
      if (std::regex_search(line, m, alias))
        out.push_back({m[1], {file, n, m[2]}});
      else if (std::regex_search(line, m, type) || std::regex_search(line, m, other))
        out.push_back({m[1], {file, n, ""}});
    }
  }
  return out;
}

// One line per name defined in the anonymous namespaces of two files of one folder of judge/src.
std::vector<std::string> clashes(const std::filesystem::path& src) {
  std::map<std::string, std::vector<Definition>> seen;
  for (const auto& e : std::filesystem::recursive_directory_iterator(src)) {
    if (!e.is_regular_file() || e.path().extension() != ".cpp") continue;
    std::ifstream in(e.path());
    const std::string rel = e.path().lexically_relative(src).generic_string();
    const std::string folder = e.path().parent_path().lexically_relative(src).generic_string();
    for (auto& [name, def] : anonymous_names(rel, in)) seen[folder + " " + name].push_back(def);
  }
  std::vector<std::string> out;
  for (const auto& [key, defs] : seen) {
    std::map<std::string, std::string> files;  // file -> alias target ("" for a definition)
    for (const Definition& d : defs) files.emplace(d.file, d.alias_of);
    if (files.size() < 2) continue;
    const bool same_alias = std::all_of(files.begin(), files.end(), [&](const auto& f) {
      return !f.second.empty() && f.second == files.begin()->second;
    });
    if (same_alias) continue;
    std::string where;
    for (const Definition& d : defs) where += " judge/src/" + d.file + ":" + std::to_string(d.line);
    out.push_back(key.substr(key.find(' ') + 1) + " is defined in the anonymous namespaces of" + where);
  }
  return out;
}

TEST(UnityNames, TheCheckerFindsTopLevelDefinitionsOnly) {
  std::istringstream in(
      "namespace judge {\nnamespace {\n\nusing Json = nlohmann::json;\nstruct Row {\n  int ms(int);\n};\n"
      "constexpr std::size_t kMin = 3;\nstd::string trim(std::string_view s) {\n  return s;\n}\n"
      "template <class T>\nT twice(T t);\nstatic std::mutex g_lock;\n}  // namespace\n\nvoid public_one() {}\n}\n");
  std::vector<std::string> names;
  for (const auto& [name, def] : anonymous_names("x.cpp", in)) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"Json", "Row", "kMin", "trim", "twice", "g_lock"}));
}

TEST(UnityNames, NoNameIsDefinedTwiceInOneModule) {
  const std::vector<std::string> found = clashes(source_root() / "judge" / "src");
  EXPECT_TRUE(found.empty()) << "rename one, or share it in a header of the module:\n"
                             << ::testing::PrintToString(found);
}

}  // namespace
}  // namespace judge::testing
