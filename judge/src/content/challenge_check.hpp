// challenge.json against the facts table (number, title, difficulty, tolerance, the exact `solve`
// signature and roles; a challenge the table lacks must be ours or say how it is adapted) and
// the keys the validation requires although the format leaves them optional (scalar ranges,
// work.bytes).
#pragma once

#include <filesystem>
#include <string>

#include "content/facts.hpp"
#include "content/problem.hpp"
#include "spec/challenge.hpp"

namespace judge::content {

// `facts` may be null (no table: those checks are skipped, and the caller says so).
Problems check_challenge_json(const std::filesystem::path& root, const spec::Challenge& challenge, const Facts* facts);

// The signature the statement and the starter must hold: the facts table's, when the table has
// the challenge and it is not adapted (official spellings such as `__half` or `int8_t` kept);
// otherwise the one challenge.json's parameters give.
std::string expected_signature(const spec::Challenge& challenge, const Facts* facts);

}  // namespace judge::content
