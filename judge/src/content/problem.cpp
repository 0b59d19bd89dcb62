#include "content/problem.hpp"

#include <fmt/format.h>

namespace judge::content {
namespace fs = std::filesystem;

std::string format_problem(const Problem& p) {
  if (p.where.empty()) return fmt::format("{}: {}", p.file, p.message);
  return fmt::format("{}: {}: {}", p.file, p.where, p.message);
}

std::string relative_name(const fs::path& root, const fs::path& path) {
  const fs::path rel = path.lexically_relative(root);
  if (rel.empty() || *rel.begin() == "..") return path.generic_string();
  return rel.generic_string();
}

Problem problem_from_error(const fs::path& root, const std::string& file, const Error& error) {
  std::string message = error.message;
  // The loaders name the file as they opened it: under the root, or relative to it.
  for (const std::string& prefix : {(root / file).string() + ": ", file + ": "}) {
    if (message.starts_with(prefix)) {
      message.erase(0, prefix.size());
      break;
    }
  }
  Problem p{file, "", message};
  if (message.starts_with("$")) {
    const std::size_t colon = message.find(": ");
    if (colon != std::string::npos) {
      p.where = message.substr(0, colon);
      p.message = message.substr(colon + 2);
    }
  }
  return p;
}

}  // namespace judge::content
