#include "grade/shard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

namespace judge::grade {

namespace {

std::optional<int> parse_int(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

Result<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  const auto bad = [&](std::string_view why) {
    return make_error(fmt::format("--shard {}: {} (expected i/n with 1 <= i <= n, e.g. 2/4)", text, why));
  };
  if (slash == std::string_view::npos) return bad("no '/'");
  const auto i = parse_int(text.substr(0, slash)), n = parse_int(text.substr(slash + 1));
  if (!i || !n) return bad("not two whole numbers");
  if (*n < 1) return bad("n must be at least 1");
  if (*i < 1 || *i > *n) return bad("i must be between 1 and n");
  return Shard{*i, *n};
}

std::uint64_t shard_hash(std::string_view id) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char ch : id) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ull;
  }
  return h;
}

bool in_shard(std::string_view id, const Shard& shard) {
  return shard_hash(id) % static_cast<std::uint64_t>(shard.count) == static_cast<std::uint64_t>(shard.index - 1);
}

std::vector<Submission> select_shard(std::vector<Submission> all, const Shard& shard) {
  std::erase_if(all, [&](const Submission& s) { return !in_shard(s.id, shard); });
  return all;
}

}  // namespace judge::grade
