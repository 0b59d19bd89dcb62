// The texts `judge new` writes (content/scaffold decides what goes in them). Each place the author
// must fill in holds the marker TODO(judge new), which `judge validate` reports line by line.
#pragma once

#include <string>

#include "content/scaffold.hpp"

namespace judge::content {

std::string challenge_json_text(const NewChallenge& n);
std::string readme_text(const NewChallenge& n);
std::string starter_text(const NewChallenge& n);
std::string reference_text(const NewChallenge& n);
std::string testcases_text(const NewChallenge& n);

}  // namespace judge::content
