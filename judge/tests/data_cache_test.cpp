// The test-data cache: the store (judging/data_store.hpp), its keys (data_key.hpp) and
// prepare_case using it (case_data.hpp). No GPU.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/time.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "judging/case_data.hpp"
#include "judging/data_key.hpp"
#include "judging/data_store.hpp"
#include "reference/reference.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;
using judging::DataStore;
using judging::Section;

std::vector<unsigned char> bytes(std::size_t n, unsigned char seed) {
  std::vector<unsigned char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>(seed + i * 7);
  return v;
}

// Sets a file's modification time `age_s` seconds into the past (LRU order for eviction).
void age(const fs::path& p, int age_s) {
  struct timeval now {};
  ::gettimeofday(&now, nullptr);
  struct timeval times[2] = {{now.tv_sec - age_s, 0}, {now.tv_sec - age_s, 0}};
  ASSERT_EQ(::utimes(p.c_str(), times), 0);
}

TEST(DataStore, RoundTripsNamedSections) {
  testing::TempDir dir;
  const DataStore store(dir.path() / "data", 1 << 30);
  const auto a = bytes(10000, 1), b = bytes(3, 2);
  ASSERT_TRUE(store.store("k1", {{"in/A", a.data(), a.size()}, {"want/C", b.data(), b.size()}, {"empty", nullptr, 0}}));
  auto e = store.load("k1");
  ASSERT_TRUE(e);
  auto sa = e->section("in/A"), sb = e->section("want/C"), se = e->section("empty");
  ASSERT_TRUE(sa && sb && se);
  EXPECT_EQ(std::vector<unsigned char>(sa->data, sa->data + sa->bytes), a);
  EXPECT_EQ(std::vector<unsigned char>(sb->data, sb->data + sb->bytes), b);
  EXPECT_EQ(se->bytes, 0u);
  EXPECT_FALSE(e->section("missing"));
  EXPECT_FALSE(store.load("k2"));
  EXPECT_EQ(store.usage().entries, 1u);
}

TEST(DataStore, ACorruptOrForeignFileIsAMissAndIsRemoved) {
  testing::TempDir dir;
  const DataStore store(dir.path(), 1 << 30);
  const auto a = bytes(100, 1);
  ASSERT_TRUE(store.store("good", {{"x", a.data(), a.size()}}));
  // The right file under another key's name: the stored key does not match.
  fs::copy_file(store.path_of("good"), store.path_of("other"));
  EXPECT_FALSE(store.load("other"));
  EXPECT_FALSE(fs::exists(store.path_of("other")));
  std::ofstream(store.path_of("junk"), std::ios::binary) << std::string(5000, 'z');
  EXPECT_FALSE(store.load("junk"));
  EXPECT_FALSE(fs::exists(store.path_of("junk")));
  EXPECT_TRUE(store.load("good"));
}

TEST(DataStore, ConcurrentWritersOfOneKeyLeaveOneGoodEntry) {
  testing::TempDir dir;
  const DataStore store(dir.path(), 1 << 30);
  const auto a = bytes(1 << 20, 9);
  std::vector<std::thread> writers;
  std::atomic<int> failures{0};
  for (int t = 0; t < 8; ++t)
    writers.emplace_back([&] {
      for (int k = 0; k < 5; ++k) {
        if (!store.store("same", {{"in/A", a.data(), a.size()}})) ++failures;
        // Readers meanwhile see a whole entry or none, never a torn one.
        if (auto e = store.load("same")) {
          auto s = e->section("in/A");
          if (!s || s->bytes != a.size() || std::memcmp(s->data, a.data(), a.size()) != 0) ++failures;
        }
      }
    });
  for (auto& w : writers) w.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(store.usage().entries, 1u);
  std::size_t temps = 0;
  for (const auto& f : fs::directory_iterator(dir.path())) temps += f.path().filename().string().starts_with(".tmp-");
  EXPECT_EQ(temps, 0u);
}

TEST(DataStore, EvictsLeastRecentlyUsedDownToTheCap) {
  testing::TempDir dir;
  const auto a = bytes(100000, 3);  // one entry is about 104 KiB with its header page
  const DataStore big(dir.path(), 1 << 30);
  for (const char* k : {"old", "used", "new"}) ASSERT_TRUE(big.store(k, {{"x", a.data(), a.size()}}));
  const std::uint64_t entry = fs::file_size(big.path_of("old"));
  age(big.path_of("old"), 300);
  age(big.path_of("used"), 200);
  age(big.path_of("new"), 100);
  ASSERT_TRUE(big.load("used"));  // touching it makes it the most recently used
  // A store under a cap of three entries minus a byte must drop exactly the oldest.
  const DataStore capped(dir.path(), 3 * entry - 1);
  EXPECT_EQ(capped.evict(capped.max_bytes()), 1u);
  EXPECT_FALSE(fs::exists(big.path_of("old")));
  EXPECT_TRUE(fs::exists(big.path_of("used")));
  EXPECT_TRUE(fs::exists(big.path_of("new")));
  // Storing evicts too, sparing the new entry even when it is the oldest by time.
  const DataStore two(dir.path(), 2 * entry);
  age(big.path_of("new"), 400);
  ASSERT_TRUE(two.store("newest", {{"x", a.data(), a.size()}}));
  EXPECT_TRUE(fs::exists(big.path_of("newest")));
  EXPECT_EQ(two.usage().entries, 2u);
  EXPECT_FALSE(fs::exists(big.path_of("new")));
  // An entry larger than the whole cap is not kept at all.
  const DataStore tiny(dir.path(), 1000);
  ASSERT_TRUE(tiny.store("huge", {{"x", a.data(), a.size()}}));
  EXPECT_FALSE(fs::exists(big.path_of("huge")));
}

TEST(DataStore, ClearRemovesEveryEntryAndZeroTurnsItOff) {
  testing::TempDir dir;
  const DataStore store(dir.path(), 1 << 30);
  const auto a = bytes(10, 1);
  ASSERT_TRUE(store.store("a", {{"x", a.data(), a.size()}}));
  ASSERT_TRUE(store.store("b", {{"x", a.data(), a.size()}}));
  auto removed = store.clear();
  ASSERT_TRUE(removed);
  EXPECT_EQ(*removed, 2u);
  EXPECT_EQ(store.usage().entries, 0u);
  const DataStore off(dir.path(), 0);
  EXPECT_FALSE(off.enabled());
  ASSERT_TRUE(off.store("c", {{"x", a.data(), a.size()}}));
  EXPECT_FALSE(off.load("c"));
}

TEST(DataStore, SizesParse) {
  EXPECT_EQ(*judging::parse_size("8G"), std::uint64_t{8} << 30);
  EXPECT_EQ(*judging::parse_size("500m"), std::uint64_t{500} << 20);
  EXPECT_EQ(*judging::parse_size("1024"), 1024u);
  EXPECT_EQ(*judging::parse_size("0"), 0u);
  EXPECT_FALSE(judging::parse_size("8 GB"));
  EXPECT_FALSE(judging::parse_size(""));
  EXPECT_FALSE(judging::parse_size("G"));
}

spec::Challenge challenge(const std::string& slug) {
  auto c = testing::catalog().challenge(slug);
  EXPECT_TRUE(c) << c.error().message;
  return *c;
}

spec::TestCase first_case(const spec::Challenge& c, spec::CaseKind kind) {
  auto suite = testing::catalog().testcases(c);
  EXPECT_TRUE(suite);
  for (const spec::TestCase& tc : suite->cases)
    if (tc.kind == kind) return tc;
  ADD_FAILURE() << "no case of that kind";
  return {};
}

TEST(DataKey, ChangesWithEverythingTheDataDependsOn) {
  const spec::Challenge c = challenge("vector-addition");
  const spec::TestCase tc = first_case(c, spec::CaseKind::functional);
  const std::string base = judging::data_key(c, tc, false);
  ASSERT_EQ(base.size(), 64u) << "the shipped references carry a version (CMake hashes their source)";
  EXPECT_EQ(base, judging::data_key(c, tc, false));
  EXPECT_NE(base, judging::data_key(c, tc, true));
  spec::TestCase seed = tc;
  ++seed.seed;
  EXPECT_NE(base, judging::data_key(c, seed, false));
  spec::TestCase scalars = tc;
  scalars.scalars.begin()->second += 1;
  EXPECT_NE(base, judging::data_key(c, scalars, false));
  spec::TestCase input = tc;
  input.inputs.begin()->second.b += 0.5;
  EXPECT_NE(base, judging::data_key(c, input, false));
  spec::Challenge typed = c;
  typed.params[0].type = spec::DType::int32;
  EXPECT_NE(base, judging::data_key(typed, tc, false));
  // Sampling applies to the performance case only: the other cases' data does not depend on it.
  spec::Challenge sampled = c;
  sampled.performance_random_samples += 1;
  EXPECT_EQ(base, judging::data_key(sampled, tc, false));
  const spec::TestCase perf = first_case(c, spec::CaseKind::performance);
  EXPECT_NE(judging::data_key(c, perf, false), judging::data_key(sampled, perf, false));
  // The text names the versions that invalidate the cache when a generator or reference changes.
  const std::string text = judging::data_key_text(c, tc, false);
  EXPECT_NE(text.find("generator/"), std::string::npos);
  EXPECT_NE(text.find("reference/1:" + std::string(reference::version("vector-addition"))), std::string::npos);
}

compile::Binding plain_binding(const spec::Challenge& c) {
  compile::Binding b;
  for (const spec::Param& p : c.params)
    b.params.push_back({p.pointer ? compile::ArgKind::pointer : compile::ArgKind::i64, ""});
  return b;
}

TEST(DataCache, ACachedCaseIsTheSameAsAComputedOne) {
  testing::TempDir dir;
  const DataStore store(dir.path(), std::uint64_t{1} << 32);
  const spec::Challenge c = challenge("vector-addition");
  for (spec::CaseKind kind : {spec::CaseKind::functional, spec::CaseKind::performance}) {
    spec::TestCase tc = first_case(c, kind);
    if (kind == spec::CaseKind::performance) tc.scalars["N"] = 100000;  // small enough for a unit test
    judging::PrepareOptions plain, cached;
    cached.cache = &store;
    std::vector<std::string> steps;
    cached.on_step = [&](std::string_view s) { steps.emplace_back(s); };
    auto fresh = judging::prepare_case(c, tc, plain_binding(c), plain);
    auto first = judging::prepare_case(c, tc, plain_binding(c), cached);
    auto second = judging::prepare_case(c, tc, plain_binding(c), cached);
    ASSERT_TRUE(fresh && first && second);
    EXPECT_FALSE(first->from_cache);
    EXPECT_TRUE(second->from_cache);
    EXPECT_NE(std::find(steps.begin(), steps.end(), "writing the data cache"), steps.end());
    ASSERT_EQ(fresh->shm.size(), second->shm.size());
    EXPECT_EQ(std::memcmp(fresh->shm.data(), second->shm.data(), fresh->shm.size()), 0)
        << "inputs, poisoned outputs, expected values and samples, byte for byte";
    ASSERT_EQ(fresh->expected.size(), second->expected.size());
    for (const auto& [name, want] : fresh->expected) {
      const judging::ByteView got = second->expected.at(name);
      ASSERT_EQ(got.size(), want.size()) << name;
      EXPECT_EQ(std::memcmp(got.data(), want.data(), want.size()), 0) << name << ": the expected values, read in place";
    }
  }
  EXPECT_EQ(store.usage().entries, 2u);
}

}  // namespace
}  // namespace judge
