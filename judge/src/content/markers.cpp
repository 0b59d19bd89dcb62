#include "content/markers.hpp"

#include <fmt/format.h>

#include <fstream>
#include <set>

namespace judge::content {
namespace fs = std::filesystem;

namespace {

void scan(const fs::path& root, const fs::path& file, Problems& out) {
  std::ifstream in(file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::size_t at = line.find(kTodoMarker);
    if (at == std::string::npos) continue;
    std::string rest = line.substr(at + kTodoMarker.size());
    const std::size_t b = rest.find_first_not_of(" :");
    rest = b == std::string::npos ? "" : rest.substr(b);
    while (!rest.empty() && (rest.back() == '"' || rest.back() == ',' || rest.back() == ' ')) rest.pop_back();
    out.push_back({relative_name(root, file), fmt::format("line {}", n),
                   fmt::format("left from judge new{}", rest.empty() ? ": fill it in" : ": " + rest)});
  }
}

}  // namespace

Problems check_markers(const fs::path& root, const std::string& slug) {
  std::set<fs::path> files;  // sorted, so the problems come in a stable order
  std::error_code ec;
  for (const fs::path& dir : {root / "challenges" / slug, root / "solutions" / slug}) {
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const fs::path& p = it->path();
      if (it->is_regular_file() &&
          (dir.parent_path().filename() == "challenges" || p.extension() == ".cu" || p.filename() == "expected.json"))
        files.insert(p);
    }
    ec.clear();
  }
  if (fs::exists(root / "testcases" / (slug + ".json"), ec)) files.insert(root / "testcases" / (slug + ".json"));
  Problems out;
  for (const fs::path& f : files) scan(root, f, out);
  return out;
}

}  // namespace judge::content
