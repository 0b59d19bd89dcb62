// challenges/<slug>/starter.cu: present, holding exactly the signature, and a `solve` the judge
// binds to the challenge (what `judge init` hands a learner must at least compile against it).
#pragma once

#include <filesystem>
#include <string>

#include "content/problem.hpp"
#include "spec/challenge.hpp"

namespace judge::content {

Problems check_starter(const std::filesystem::path& root, const spec::Challenge& challenge,
                       const std::string& signature);

}  // namespace judge::content
