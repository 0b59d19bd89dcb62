// Finding the submissions of a batch: a folder (files under <challenge-slug>/ folders, or with a
// `// judge: <slug>` tag on their first line) or a manifest (CSV or JSON) that lists them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::grade {

struct Submission {
  std::string id;              // the path relative to the graded root: stable on every machine
  std::filesystem::path file;  // absolute
  std::string challenge;
  std::optional<std::string> student;
  std::optional<std::string> expected;  // the verdict a manifest expects (bench scripts), if any
};

struct Discovery {
  std::filesystem::path root;           // the folder graded, or the manifest's folder
  std::vector<Submission> submissions;  // sorted by id
  std::vector<std::string> skipped;     // "path: why", for files that name no challenge
};

// `target` is a folder or a manifest (.csv or .json). `slugs` are the known challenges: folder
// names are matched against them; a manifest naming another is an error.
Result<Discovery> discover(const std::filesystem::path& target, const std::vector<std::string>& slugs);

// The slug of a `// judge: <slug>` tag on the first line, if there is one.
std::optional<std::string> tagged_slug(const std::string& first_line);

}  // namespace judge::grade
