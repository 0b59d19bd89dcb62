// Sharding a batch over machines: `--shard i/n` keeps the submissions whose id hashes to shard i.
// The hash depends only on the id (its path relative to the graded root), never on the list's
// order or length, so shards run on different machines partition the batch exactly.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grade/discover.hpp"
#include "util/result.hpp"

namespace judge::grade {

struct Shard {
  int index = 1;  // 1..count
  int count = 1;
};

// "2/4" -> {2, 4}; errors say what a shard looks like.
Result<Shard> parse_shard(std::string_view text);

// FNV-1a (64 bit) of the id: fixed by its definition, so equal on every platform and build.
std::uint64_t shard_hash(std::string_view id);
bool in_shard(std::string_view id, const Shard& shard);
std::vector<Submission> select_shard(std::vector<Submission> all, const Shard& shard);

}  // namespace judge::grade
