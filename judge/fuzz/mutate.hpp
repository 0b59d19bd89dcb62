// A seeded, deterministic mutator for the loader fuzz test: byte edits, splices of tokens that
// loaders find hard (huge numbers, NaN strings, nesting, quotes, NULs), and for JSON inputs
// structural edits (a value replaced by one of another type, a key dropped or renamed, an
// array emptied or repeated) that get past the parser into the loaders' checks.
#pragma once

#include <random>
#include <string>

namespace judge::fuzz {

std::string mutate_bytes(std::string s, std::mt19937_64& rng);
// Parses `s` as JSON and edits its tree; falls back to mutate_bytes when `s` does not parse.
std::string mutate_json(const std::string& s, std::mt19937_64& rng);

}  // namespace judge::fuzz
