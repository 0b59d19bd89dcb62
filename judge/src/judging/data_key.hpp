// The key of one test case's data in the test-data cache (judging/data_store.hpp): a SHA-256 of
// everything the inputs and expected values depend on. Changing any of it gives a new key, and
// the old entry ages out of the cache.
#pragma once

#include <string>

#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::judging {

// Bump when the layout of a cached entry (its sections) changes.
inline constexpr int kDataFormatVersion = 1;

// What the key covers, as text (hashed by data_key; tests read it): the format, generator and
// reference versions, the challenge's data-relevant spec (params with types, roles and shapes;
// sampled checking, for the performance case), the case (name, kind, seed, scalars, input
// sources) and whether a second input set is made.
std::string data_key_text(const spec::Challenge& c, const spec::TestCase& tc, bool alternate);
// Empty when the challenge's reference has no version: such data is not cached.
std::string data_key(const spec::Challenge& c, const spec::TestCase& tc, bool alternate);

}  // namespace judge::judging
