// Baselines know what they timed (baseline/case_key, baseline/freshness): the key of the timed
// case, stale entries left out of rankings with the calibrate hint, stamping, and the files
// written before these fields. GPU-free.
#include <gtest/gtest.h>

#include "baseline/calibration.hpp"
#include "baseline/case_key.hpp"
#include "baseline/freshness.hpp"
#include "baseline/ladder_check.hpp"
#include "baseline/pool.hpp"
#include "test_support.hpp"
#include "util/sha256.hpp"

namespace judge {
namespace {

spec::Param buffer(const char* name, spec::Role role) {
  spec::Param p;
  p.name = name;
  p.pointer = true;
  p.role = role;
  p.shape = {*util::Expr::parse("N")};
  return p;
}

// vector-addition's signature: C = A + B over N floats.
spec::Challenge vector_addition() {
  spec::Challenge c;
  c.slug = "vector-addition";
  c.params = {buffer("A", spec::Role::in), buffer("B", spec::Role::in), buffer("C", spec::Role::out)};
  spec::Param n;
  n.name = "N";
  n.type = spec::DType::int32;
  c.params.push_back(n);
  return c;
}

spec::TestCase performance_case() {
  spec::TestCase tc;
  tc.name = "performance";
  tc.kind = spec::CaseKind::performance;
  tc.seed = 42;
  tc.scalars = {{"N", 25000000}};
  spec::InputSource uniform;
  uniform.kind = spec::InputSource::Kind::uniform;
  uniform.a = -1;
  uniform.b = 1;
  tc.inputs = {{"A", uniform}, {"B", uniform}};
  return tc;
}

TEST(CaseKey, TextNamesTheTimedWorkAndIsStable) {
  const std::string text = baseline::case_key_text(vector_addition(), performance_case());
  // Pinned: a change here marks every stored baseline as another case (bump kCaseKeyFormat).
  EXPECT_EQ(text,
            "judge-case/1 generator/1\n"
            "param A float32 pointer 0 [N]\n"
            "param B float32 pointer 0 [N]\n"
            "param C float32 pointer 1 [N]\n"
            "param N int32 scalar 0\n"
            "seed 42\n"
            "scalar N 0x1.7d784p+24\n"
            "input A 1 -0x1p+0 0x1p+0 0\n"
            "input B 1 -0x1p+0 0x1p+0 0\n");
  const std::string key = baseline::case_key(vector_addition(), performance_case());
  EXPECT_EQ(key, util::sha256_hex(text));
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key, baseline::case_key(vector_addition(), performance_case()));
}

TEST(CaseKey, ChangesWithTheWorkNotWithNamesNotesOrLimits) {
  const spec::Challenge c = vector_addition();
  const std::string key = baseline::case_key(c, performance_case());
  spec::TestCase same = performance_case();
  same.name = "performance-large";  // the seed is explicit: the data is the same
  same.note = "another note";
  same.time_limit_ms = 9000;
  same.expected["C"] = {1, 2, 3};
  EXPECT_EQ(baseline::case_key(c, same), key);

  std::vector<spec::TestCase> other(6, performance_case());
  other[0].seed = 43;
  other[1].scalars["N"] = 25000001;
  other[2].inputs["A"].b = 2;
  other[3].inputs["B"].kind = spec::InputSource::Kind::normal;
  other[4].inputs["A"].values = {1};
  other[5].inputs["B"].kind = spec::InputSource::Kind::sparse;
  other[5].inputs["B"].nnz = 7;
  for (std::size_t i = 0; i < other.size(); ++i) EXPECT_NE(baseline::case_key(c, other[i]), key) << i;

  spec::Challenge half = c;
  half.params[0].type = spec::DType::float16;
  EXPECT_NE(baseline::case_key(half, performance_case()), key);
  spec::Challenge twice = c;
  twice.params[2].shape = {*util::Expr::parse("2*N")};
  EXPECT_NE(baseline::case_key(twice, performance_case()), key);
}

TEST(CaseKey, TheRankingCaseIsTheSuitesPerformanceCase) {
  testing::TempDir dir;
  const char* const small = R"({"name": "small", "kind": "functional", "scalars": {"N": 4},
      "inputs": {"A": [1, 2, 3, 4], "B": [4, 3, 2, 1]}})";
  const char* const timed = R"({"name": "performance", "kind": "performance", "seed": 42, "scalars": {"N": 25000000},
      "inputs": {"A": {"uniform": [-1, 1]}, "B": {"uniform": [-1, 1]}}})";
  const auto load = [&](const std::string& cases) {
    const auto file =
        dir.write("vector-addition.json", R"({"format": 1, "challenge": "vector-addition", "cases": [)" + cases + "]}");
    auto suite = spec::load_testcases(file, vector_addition());
    EXPECT_TRUE(suite) << suite.error().message;
    return suite ? *suite : spec::TestSuite{};
  };
  const spec::TestSuite none = load(small);
  EXPECT_EQ(baseline::ranking_case(none), nullptr);
  EXPECT_EQ(baseline::ranking_case_key(vector_addition(), none), "");
  const spec::TestSuite suite = load(std::string(small) + ", " + timed);
  ASSERT_NE(baseline::ranking_case(suite), nullptr);
  EXPECT_EQ(baseline::ranking_case(suite)->name, "performance");
  EXPECT_EQ(baseline::ranking_case_key(vector_addition(), suite),
            baseline::case_key(vector_addition(), performance_case()));
}

baseline::Entry entry(std::string label, double ms, std::string source = "") {
  baseline::Entry e;
  e.label = std::move(label);
  e.median_ms = ms;
  e.noise = 0.001;
  e.source = std::move(source);
  return e;
}

// A challenge "demo" with two rungs on disk and what is current for it: case key K.
struct Demo {
  testing::TempDir dir;
  std::string key = std::string(64, 'a');
  baseline::Ladder ladder;
  baseline::Current now;

  Demo() {
    dir.write("solutions/demo/expected.json", R"({"format": 1, "solutions": [
      {"file": "naive.cu", "verdict": "AC", "note": "one thread per element"},
      {"file": "best.cu", "verdict": "AC", "note": "float4 loads"}]})");
    dir.write("solutions/demo/naive.cu", "// naive\n");
    dir.write("solutions/demo/best.cu", "// best\n");
    ladder = *baseline::load_ladder(solutions(), "demo");
    now = baseline::current_of(key, ladder, solutions());
  }
  std::filesystem::path solutions() const { return dir.path() / "solutions/demo"; }
  // The rungs measured for the case `case_key`, from their files as they are now.
  baseline::File rungs(const std::string& case_key) const {
    baseline::File f;
    f.challenge = "demo";
    f.gpu = "GPU X";
    f.entries = {entry("naive", 2.0, "solutions/demo/naive.cu"), entry("best", 1.0, "solutions/demo/best.cu")};
    for (baseline::Entry& e : f.entries) {
      e.case_key = case_key;
      e.source_sha256 = baseline::file_sha256(dir.path() / e.source);
    }
    return f;
  }
  baseline::Placement place(const std::vector<std::string>& stores, const std::string& case_key) const {
    baseline::PlaceQuery q{{}, solutions(), "demo", "gpu-x", "nvcc", case_key};
    for (const std::string& s : stores) q.stores.push_back(dir.path() / s);
    return baseline::place(1.5, 0.001, q);
  }
};

TEST(Freshness, EntriesAreCurrentOnlyForTheCaseAndTheRungFilesOfNow) {
  Demo d;
  EXPECT_EQ(d.now.rung_sha256.at("solutions/demo/best.cu"), util::sha256_hex("// best\n"));
  EXPECT_EQ(baseline::file_sha256(d.dir.path() / "no-such-file"), "");
  const baseline::File f = d.rungs(d.key);
  EXPECT_EQ(baseline::staleness(f.entries[0], d.now), baseline::Staleness::current);
  baseline::Entry old = entry("old", 1.0, "solutions/demo/best.cu");  // a file before the fields
  EXPECT_EQ(baseline::staleness(old, d.now), baseline::Staleness::unknown_case);
  EXPECT_EQ(baseline::staleness(d.rungs(std::string(64, 'b')).entries[0], d.now), baseline::Staleness::other_case);
  d.dir.write("solutions/demo/best.cu", "// best, faster\n");
  const baseline::Current edited = baseline::current_of(d.key, d.ladder, d.solutions());
  EXPECT_EQ(baseline::staleness(f.entries[1], edited), baseline::Staleness::edited_rung);
  EXPECT_EQ(baseline::staleness(f.entries[0], edited), baseline::Staleness::current);
  baseline::Entry mine = entry("my-try", 1.2, "/home/me/try.cu");  // not a rung: the case alone
  mine.case_key = d.key;
  EXPECT_EQ(baseline::staleness(mine, edited), baseline::Staleness::current);
  EXPECT_EQ(baseline::staleness_code(baseline::Staleness::edited_rung), "edited_rung");
}

TEST(Freshness, RankingAgainstAnotherCaseIsRefusedWithTheCalibrateHint) {
  Demo d;
  ASSERT_TRUE(baseline::save(d.dir.path() / "shipped", d.rungs(d.key)));
  const baseline::Placement ok = d.place({"shipped"}, d.key);
  ASSERT_TRUE(ok.ranking) << ok.note;
  EXPECT_EQ(ok.reason, "");
  EXPECT_EQ(ok.ranking->total, 2u);
  EXPECT_EQ(ok.ranking->stale_note, "");

  const baseline::Placement other = d.place({"shipped"}, std::string(64, 'b'));
  EXPECT_FALSE(other.ranking);
  EXPECT_EQ(other.reason, "other_case");
  EXPECT_EQ(other.note,
            "not ranked: the shipped baselines for demo timed another performance case; 'judge baseline calibrate "
            "demo' re-times them on this GPU");

  // An edited rung is left out; the other still ranks, and the note says so.
  d.dir.write("solutions/demo/best.cu", "// best, faster\n");
  const baseline::Placement edited = d.place({"shipped"}, d.key);
  ASSERT_TRUE(edited.ranking) << edited.note;
  EXPECT_EQ(edited.ranking->total, 1u);
  EXPECT_EQ(edited.ranking->stale_note,
            "1 of the 2 baselines left out: they timed an earlier version of their reference solution; 'judge "
            "baseline calibrate demo' re-times them on this GPU");
}

TEST(Freshness, OldFilesLoadAsAnUnknownCaseAndDoNotRank) {
  Demo d;
  d.dir.write("shipped/gpu-x/demo.json", R"({"format": 1, "challenge": "demo", "gpu": "GPU X", "entries": [
    {"label": "naive", "source": "solutions/demo/naive.cu", "median_ms": 2},
    {"label": "best", "source": "solutions/demo/best.cu", "median_ms": 1}]})");
  auto f = baseline::load(d.dir.path() / "shipped", "gpu-x", "demo");
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->entries[0].case_key, "");
  EXPECT_EQ(f->entries[0].source_sha256, "");
  const baseline::Placement p = d.place({"shipped"}, d.key);
  EXPECT_FALSE(p.ranking);
  EXPECT_EQ(p.reason, "unknown_case");
  EXPECT_NE(p.note.find("not ranked: the shipped baselines for demo do not say which performance case they timed"),
            std::string::npos)
      << p.note;
  EXPECT_NE(p.note.find("'judge baseline calibrate demo' re-times them on this GPU"), std::string::npos) << p.note;

  // A calibration in the user store replaces the stale shipped rungs: ranked, nothing left out.
  ASSERT_TRUE(baseline::save(d.dir.path() / "user", d.rungs(d.key)));
  const baseline::Placement mine = d.place({"shipped", "user"}, d.key);
  ASSERT_TRUE(mine.ranking) << mine.note;
  EXPECT_EQ(mine.ranking->total, 2u);
  EXPECT_EQ(mine.ranking->stale_note, "");
  // ...but a stale user store never replaces current shipped rungs.
  ASSERT_TRUE(baseline::save(d.dir.path() / "shipped", d.rungs(d.key)));
  ASSERT_TRUE(baseline::save(d.dir.path() / "user", d.rungs(std::string(64, 'b'))));
  const baseline::Placement kept = d.place({"shipped", "user"}, d.key);
  ASSERT_TRUE(kept.ranking) << kept.note;
  EXPECT_EQ(kept.ranking->total, 2u);
  EXPECT_EQ(kept.ranking->stale_note, "");

  // Case fields that are not SHA-256s are errors naming the entry.
  d.dir.write("bad/gpu-x/demo.json", R"({"format": 1, "challenge": "demo", "gpu": "GPU X", "entries": [
    {"label": "naive", "median_ms": 2, "case_key": "performance"}]})");
  auto bad = baseline::load(d.dir.path() / "bad", "gpu-x", "demo");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("$.entries[0].case_key: must be 64 lowercase hex digits"), std::string::npos)
      << bad.error().message;
}

TEST(Freshness, StampMarksOnlyEntriesThatDoNotSayWhatTheyTimed) {
  Demo d;
  baseline::File f = d.rungs("");
  for (baseline::Entry& e : f.entries) e.source_sha256.clear();  // as written before the fields
  baseline::Entry other = entry("other", 3.0, "solutions/demo/naive.cu");
  other.case_key = std::string(64, 'b');
  baseline::Entry edited = entry("edited", 4.0, "solutions/demo/best.cu");
  edited.source_sha256 = std::string(64, '0');
  baseline::Entry mine = entry("my-try", 1.2, "/home/me/try.cu");
  f.entries.insert(f.entries.end(), {other, edited, mine});
  const baseline::StampCounts n = baseline::stamp(f, d.now);
  EXPECT_EQ(n.stamped, 3u);  // naive, best, my-try
  EXPECT_EQ(n.stale, 2u);    // other, edited: left as they are
  EXPECT_EQ(n.current, 0u);
  EXPECT_EQ(f.entries[1].case_key, d.key);
  EXPECT_EQ(f.entries[1].source_sha256, d.now.rung_sha256.at("solutions/demo/best.cu"));
  EXPECT_EQ(f.entries[2].case_key, std::string(64, 'b'));
  EXPECT_EQ(f.entries[3].case_key, "");
  EXPECT_EQ(f.entries[4].case_key, d.key);
  EXPECT_EQ(f.entries[4].source_sha256, "");  // not a rung: no file of ours to hash
  const baseline::StampCounts again = baseline::stamp(f, d.now);
  EXPECT_EQ(again.stamped, 0u);
  EXPECT_EQ(again.current, 3u);
}

TEST(Freshness, CalibrateTimesStaleRungsAgainAndCheckReportsThem) {
  Demo d;
  baseline::File f = d.rungs(d.key);
  for (baseline::Entry& e : f.entries) {
    e.judge_version = "0.1.0";
    e.engine = "nvcc";
  }
  EXPECT_TRUE(baseline::rung_timed(f, "solutions/demo/naive.cu", "0.1.0", d.now));
  EXPECT_FALSE(baseline::rung_staleness(f, "solutions/demo/naive.cu", d.now));
  EXPECT_TRUE(baseline::check_store(d.ladder, f.entries, &d.now).stale.empty());

  f.entries[0].case_key = std::string(64, 'b');  // naive timed another case
  f.entries[1].case_key.clear();                 // best recorded before the fields
  EXPECT_FALSE(baseline::rung_timed(f, "solutions/demo/naive.cu", "0.1.0", d.now));
  EXPECT_FALSE(baseline::rung_timed(f, "solutions/demo/best.cu", "0.1.0", d.now));
  EXPECT_EQ(baseline::rung_staleness(f, "solutions/demo/naive.cu", d.now), baseline::Staleness::other_case);
  EXPECT_EQ(baseline::rung_staleness(f, "solutions/demo/best.cu", d.now), baseline::Staleness::unknown_case);

  const baseline::StoreCheck c = baseline::check_store(d.ladder, f.entries, &d.now);
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(c.stale.size(), 2u);
  EXPECT_EQ(baseline::store_problems(c),
            (std::vector<std::string>{
                "stale: the baselines of naive timed another performance case",
                "stale: the baselines of best do not say which performance case they timed (recorded before "
                "baselines named it)"}));
  // `judge validate` checks no currency (it passes no `now`).
  EXPECT_TRUE(baseline::check_store(d.ladder, f.entries).ok());
}

}  // namespace
}  // namespace judge
