// Helpers shared by the tests: the source tree, temporary files, and the judge binary.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "spec/catalog.hpp"

namespace judge::testing {

inline std::filesystem::path source_root() {
  return JUDGE_TEST_ROOT;
}
inline spec::Catalog catalog() {
  return spec::Catalog(source_root());
}

// A fresh temporary folder, removed when the object goes out of scope.
class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/judge-test-XXXXXX";
    path_ = ::mkdtemp(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const auto p = path_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace judge::testing
