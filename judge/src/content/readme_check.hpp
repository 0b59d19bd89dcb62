// README.md against the challenge and its test cases: `# Title` as in challenge.json, a ```cpp
// block holding exactly the signature, `## Constraints`, the worked examples numbered 1.. whose
// `name = value` blocks give exactly the values of the test cases example-1.. (numbers compared
// with the challenge's tolerance, lists element by element), and `## Notes`. A generated example
// ("generated": true) gives its scalars only; the statement describes its buffers in words.
#pragma once

#include <filesystem>
#include <string>

#include "content/problem.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::content {

// `suite` may be null (the test cases did not load: the examples are then not compared).
Problems check_readme(const std::filesystem::path& root, const spec::Challenge& challenge, const spec::TestSuite* suite,
                      const std::string& signature);

}  // namespace judge::content
