// Finding a batch's submissions (folders, tags, CSV and JSON manifests) and sharding it.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <set>

#include "grade/discover.hpp"
#include "grade/manifest.hpp"
#include "grade/shard.hpp"
#include "test_support.hpp"

namespace judge::grade {
namespace {

const std::vector<std::string> kSlugs = {"relu", "softmax", "vector-addition"};
const std::string kBody = "extern \"C\" void solve(const float* A, float* C, int N) {}\n";

std::vector<std::string> ids(const Discovery& d) {
  std::vector<std::string> out;
  for (const Submission& s : d.submissions) out.push_back(s.id);
  return out;
}

TEST(GradeDiscover, FoldersTagsStudentsAndSkips) {
  testing::TempDir dir;
  dir.write("alice/vector-addition/solution.cu", kBody);
  dir.write("relu/bob.cu", kBody);
  dir.write("carol/mine.cu", "// judge: softmax\n" + kBody);
  dir.write("carol/notes.cu", kBody);                    // names no challenge
  dir.write("dave/softmax/helper.cuh", kBody);           // not a .cu file
  dir.write(".git/relu/x.cu", kBody);                    // hidden folders are not searched
  dir.write("erin/relu/typo.cu", "// judge: sofmax\n");  // the tag wins, even when unknown
  auto d = discover(dir.path(), kSlugs);
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(ids(*d), (std::vector<std::string>{"alice/vector-addition/solution.cu", "carol/mine.cu",
                                               "erin/relu/typo.cu", "relu/bob.cu"}));
  const auto& s = d->submissions;
  EXPECT_EQ(s[0].challenge, "vector-addition");
  EXPECT_EQ(s[0].student, "alice");
  EXPECT_EQ(s[1].challenge, "softmax");
  EXPECT_EQ(s[1].student, "carol");
  EXPECT_EQ(s[2].challenge, "sofmax");
  EXPECT_EQ(s[3].challenge, "relu");
  EXPECT_EQ(s[3].student, std::nullopt) << "the first folder is the challenge's own";
  EXPECT_TRUE(s[0].file.is_absolute());
  ASSERT_EQ(d->skipped.size(), 1u);
  EXPECT_NE(d->skipped[0].find("carol/notes.cu: no challenge folder"), std::string::npos) << d->skipped[0];
}

TEST(GradeDiscover, TagSyntax) {
  EXPECT_EQ(tagged_slug("// judge: relu"), "relu");
  EXPECT_EQ(tagged_slug("  //judge:softmax  "), "softmax");
  EXPECT_EQ(tagged_slug("// judge relu"), std::nullopt);
  EXPECT_EQ(tagged_slug("#include <cuda.h>"), std::nullopt);
}

TEST(GradeDiscover, CsvManifest) {
  testing::TempDir dir;
  dir.write("subs/a.cu", kBody);
  dir.write("subs/b c.cu", kBody);
  const auto csv = dir.write("batch.csv",
                             "# class of 2026\n"
                             "student,file,slug,expected,comment\n"
                             "alice, subs/a.cu ,relu,AC,\"likes, commas\"\n"
                             "\n"
                             ",\"subs/b c.cu\",softmax,,\n");
  auto d = discover(csv, kSlugs);
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->root, dir.path());
  ASSERT_EQ(d->submissions.size(), 2u);
  EXPECT_EQ(d->submissions[0].id, "subs/a.cu");
  EXPECT_EQ(d->submissions[0].student, "alice");
  EXPECT_EQ(d->submissions[0].expected, "AC");
  EXPECT_EQ(d->submissions[1].id, "subs/b c.cu");
  EXPECT_EQ(d->submissions[1].student, std::nullopt);
  EXPECT_EQ(d->submissions[1].challenge, "softmax");
}

TEST(GradeDiscover, CsvManifestErrorsNameTheLine) {
  testing::TempDir dir;
  dir.write("a.cu", kBody);
  auto error_of = [&](const std::string& text) {
    const auto f = dir.write("m.csv", text);
    auto d = discover(f, kSlugs);
    EXPECT_FALSE(d);
    return d ? std::string() : d.error().message;
  };
  const std::string m = (dir.path() / "m.csv").string();
  EXPECT_EQ(error_of("file\na.cu\n"),
            m + ":1: the header has no 'challenge' column (expected: file,challenge[,student][,expected])");
  EXPECT_NE(error_of("file,challenge\na.cu,relu\nmissing.cu,relu\n").find(m + ":3: no such file 'missing.cu'"),
            std::string::npos);
  EXPECT_EQ(error_of("file,challenge\na.cu,rleu\n"), m + ":2: unknown challenge 'rleu'; did you mean 'relu'?");
  EXPECT_EQ(error_of("file,challenge\na.cu\n"), m + ":2: 1 fields, but the header names 2");
  EXPECT_EQ(error_of("file,challenge\n\"a.cu,relu\n"), m + ":2: a quoted field is not closed");
  EXPECT_EQ(error_of("file,challenge,expected\na.cu,relu,OK\n"),
            m + ":2: 'expected' is 'OK', not a verdict (AC, WA, TLE, RTE, CE, OLE, MLE, JE or compiled)");
  EXPECT_EQ(error_of("file,challenge\na.cu,relu\n./a.cu,softmax\n"),
            m + ":3: 'a.cu' is listed twice (first at " + m + ":2)");
}

TEST(GradeDiscover, JsonManifest) {
  testing::TempDir dir;
  dir.write("x/a.cu", kBody);
  const auto ok =
      dir.write("m.json", R"({"submissions": [{"file": "x/a.cu", "challenge": "relu", "student": "zoe"}]})");
  auto d = discover(ok, kSlugs);
  ASSERT_TRUE(d) << d.error().message;
  ASSERT_EQ(d->submissions.size(), 1u);
  EXPECT_EQ(d->submissions[0].id, "x/a.cu");
  EXPECT_EQ(d->submissions[0].student, "zoe");
  const auto bad = dir.write("bad.json", R"([{"file": "x/a.cu", "challenge": 3}])");
  auto e = discover(bad, kSlugs);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("bad.json: $[0].challenge: expected a string"), std::string::npos)
      << e.error().message;
  const auto typo = dir.write("typo.json", R"([{"file": "x/a.cu", "challenge": "relu", "studnet": "zoe"}])");
  auto t = discover(typo, kSlugs);
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("$[0].studnet: unknown key"), std::string::npos) << t.error().message;
}

TEST(GradeDiscover, NotAFolderOrManifest) {
  testing::TempDir dir;
  const auto f = dir.write("a.txt", "");
  auto d = discover(f, kSlugs);
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().message.find("not a folder or a manifest"), std::string::npos);
  EXPECT_FALSE(discover(dir.path() / "nope", kSlugs));
}

TEST(GradeShard, ParseAndReject) {
  auto s = parse_shard("2/4");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->index, 2);
  EXPECT_EQ(s->count, 4);
  for (const char* bad : {"0/4", "5/4", "2", "a/b", "1/0", "1/2/3", "-1/2"}) EXPECT_FALSE(parse_shard(bad)) << bad;
}

TEST(GradeShard, StableDisjointAndComplete) {
  // FNV-1a is fixed by definition: these values hold on every platform and build.
  EXPECT_EQ(shard_hash(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(shard_hash("a"), 0xaf63dc4c8601ec8cull);
  std::vector<Submission> all;
  for (int i = 0; i < 300; ++i) all.push_back({fmt::format("s{:03}/relu/solution.cu", i)});
  for (int n : {1, 3, 7}) {
    std::multiset<std::string> seen;
    for (int i = 1; i <= n; ++i) {
      const auto part = select_shard(all, {i, n});
      if (n > 1) {
        EXPECT_GT(part.size(), all.size() / n / 2) << "roughly balanced";
      }
      for (const Submission& s : part) seen.insert(s.id);
      // The list's order does not matter, only the id.
      std::vector<Submission> reversed(all.rbegin(), all.rend());
      EXPECT_EQ(select_shard(reversed, {i, n}).size(), part.size());
    }
    EXPECT_EQ(seen.size(), all.size());
    for (const Submission& s : all) EXPECT_EQ(seen.count(s.id), 1u) << s.id;
  }
}

}  // namespace
}  // namespace judge::grade
