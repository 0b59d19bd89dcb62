#include "compile/source_hash.hpp"

#include <fmt/format.h>

#include <regex>
#include <set>
#include <sstream>

#include "util/read_file.hpp"
#include "util/sha256.hpp"

namespace judge::compile {
namespace fs = std::filesystem;

namespace {

void collect(const fs::path& file, const std::vector<fs::path>& dirs, std::set<fs::path>& seen,
             std::vector<fs::path>& out) {
  auto text = util::read_text_file(file);
  if (!text) return;
  static const std::regex re(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::istringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, re)) continue;
    std::vector<fs::path> candidates = {file.parent_path() / m[1].str()};
    for (const fs::path& d : dirs) candidates.push_back(d / m[1].str());
    for (const fs::path& c : candidates) {
      std::error_code ec;
      if (!fs::is_regular_file(c, ec)) continue;
      const fs::path canon = fs::weakly_canonical(c, ec);
      if (seen.insert(canon).second) {
        out.push_back(canon);
        collect(canon, dirs, seen, out);
      }
      break;
    }
  }
}

}  // namespace

std::vector<fs::path> local_headers(const fs::path& source, const std::vector<fs::path>& include_dirs) {
  std::set<fs::path> seen = {fs::weakly_canonical(source)};
  std::vector<fs::path> out;
  collect(source, include_dirs, seen, out);
  return out;
}

Result<std::string> artifact_key(const fs::path& source, const std::vector<fs::path>& include_dirs,
                                 const std::string& wrapper_text, const std::string& engine,
                                 const std::vector<std::string>& flags, const std::string& toolkit_version) {
  util::Sha256 h;
  auto field = [&](std::string_view s) {
    h.update(fmt::format("{}:", s.size()));
    h.update(s);
  };
  field("judge-artifact-v1");
  field(engine);
  for (const std::string& f : flags) field(f);
  field(toolkit_version);
  field(wrapper_text);
  auto text = util::read_text_file(source);
  if (!text) return text.error();
  field(*text);
  for (const fs::path& header : local_headers(source, include_dirs)) {
    auto t = util::read_text_file(header);
    if (!t) return t.error();
    field(header.string());
    field(*t);
  }
  return h.hex_digest();
}

}  // namespace judge::compile
