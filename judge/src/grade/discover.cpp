#include "grade/discover.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>

#include "grade/manifest.hpp"

namespace judge::grade {
namespace fs = std::filesystem;

namespace {

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

bool is_hidden(const fs::path& rel) {
  return std::any_of(rel.begin(), rel.end(), [](const fs::path& part) { return part.string().starts_with('.'); });
}

// The student is the first folder of the id, unless that folder is the challenge's own.
std::optional<std::string> student_of(const fs::path& rel, const std::string& slug) {
  if (std::distance(rel.begin(), rel.end()) < 2) return std::nullopt;
  const std::string first = rel.begin()->string();
  if (first == slug) return std::nullopt;
  return first;
}

// The innermost folder of `rel` that is named after a known challenge.
std::optional<std::string> slug_folder(const fs::path& rel, const std::set<std::string>& known) {
  std::optional<std::string> found;
  for (const fs::path& part : rel.parent_path()) {
    if (known.count(part.string())) found = part.string();
  }
  return found;
}

Result<Discovery> discover_folder(const fs::path& dir, const std::vector<std::string>& slugs) {
  const std::set<std::string> known(slugs.begin(), slugs.end());
  Discovery d;
  d.root = fs::absolute(dir).lexically_normal();
  std::error_code ec;
  fs::recursive_directory_iterator it(d.root, fs::directory_options::skip_permission_denied, ec);
  if (ec) return make_error(fmt::format("{}: cannot read the folder: {}", dir.string(), ec.message()));
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) return make_error(fmt::format("{}: cannot read the folder: {}", dir.string(), ec.message()));
    const fs::path rel = it->path().lexically_relative(d.root);
    if (is_hidden(rel)) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || it->path().extension() != ".cu") continue;
    Submission s;
    s.id = rel.generic_string();
    s.file = it->path();
    if (auto tag = tagged_slug(first_line(it->path()))) {
      s.challenge = *tag;  // an unknown tag becomes that submission's CE, with a suggestion
    } else if (auto folder = slug_folder(rel, known)) {
      s.challenge = *folder;
    } else {
      d.skipped.push_back(
          fmt::format("{}: no challenge folder above it and no '// judge: <slug>' tag on its first line", s.id));
      continue;
    }
    s.student = student_of(rel, s.challenge);
    d.submissions.push_back(std::move(s));
  }
  return d;
}

}  // namespace

std::optional<std::string> tagged_slug(const std::string& line) {
  static const std::regex re(R"(^\s*//\s*judge:\s*([A-Za-z0-9_.-]+)\s*$)");
  std::smatch m;
  if (std::regex_match(line, m, re)) return m[1].str();
  return std::nullopt;
}

Result<Discovery> discover(const fs::path& target, const std::vector<std::string>& slugs) {
  std::error_code ec;
  Discovery d;
  if (fs::is_directory(target, ec)) {
    auto found = discover_folder(target, slugs);
    if (!found) return found.error();
    d = std::move(*found);
  } else if (fs::is_regular_file(target, ec)) {
    const std::string ext = target.extension().string();
    if (ext != ".csv" && ext != ".json")
      return make_error(
          fmt::format("{}: not a folder or a manifest (a manifest ends in .csv or .json)", target.string()));
    auto listed = ext == ".csv" ? read_csv_manifest(target, slugs) : read_json_manifest(target, slugs);
    if (!listed) return listed.error();
    d.root = fs::absolute(target).lexically_normal().parent_path();
    d.submissions = std::move(*listed);
  } else {
    return make_error(fmt::format("{}: no such folder or manifest", target.string()));
  }
  std::sort(d.submissions.begin(), d.submissions.end(),
            [](const Submission& a, const Submission& b) { return a.id < b.id; });
  return d;
}

}  // namespace judge::grade
