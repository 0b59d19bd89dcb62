// Outputs whose right answer is not unique (reference::find_accept, docs/formats.md): the
// comparison's accept callback, top-p-sampling's registered rule on hand-made inputs, the host-side
// check of a whole test with it, and no runner validation of timed calls for such a challenge.
// GPU-free.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "check/compare.hpp"
#include "compile/binding.hpp"
#include "compile/prototype.hpp"
#include "judging/case_data.hpp"
#include "judging/diagnose.hpp"
#include "reference/reference.hpp"
#include "test_support.hpp"
#include "util/poison.hpp"

namespace judge {
namespace {

check::CompareOptions int_options(std::size_t n) {
  check::CompareOptions o;
  o.type = spec::DType::int32;
  o.dims = {static_cast<std::int64_t>(n)};
  o.detect_poison = false;
  return o;
}

TEST(CompareAccept, AnAcceptedAlternativeIsNoMismatchAndAnUnacceptedOneIs) {
  const std::vector<std::int32_t> want = {1, 1, 1, 1, 1};
  const std::vector<std::int32_t> got = {1, 2, 3, 2, 7};
  check::CompareOptions o = int_options(5);
  std::vector<std::size_t> asked;
  std::mutex m;
  o.accept = [&](std::size_t i, double g) {
    const std::lock_guard<std::mutex> lock(m);
    asked.push_back(i);
    return g == 2.0;  // 2 is another right answer; 3 and 7 are not
  };
  const auto c = check::compare_buffer("tok", got.data(), want.data(), 5, o);
  EXPECT_EQ(c.compared, 5u);
  EXPECT_EQ(c.mismatches, 2u);
  ASSERT_EQ(c.first.size(), 2u);
  EXPECT_EQ(c.first[0].index, 2u);
  EXPECT_EQ(c.first[0].got, 3.0);
  EXPECT_EQ(c.first[1].index, 4u);
  EXPECT_EQ(c.max_abs_error, 6.0) << "accepted elements add nothing to the error statistics";
  std::sort(asked.begin(), asked.end());
  EXPECT_EQ(asked, (std::vector<std::size_t>{1, 2, 3, 4})) << "asked only about elements that differ";

  o.accept = [](std::size_t, double g) { return g == 2.0 || g == 3.0 || g == 7.0; };
  const auto all = check::compare_buffer("tok", got.data(), want.data(), 5, o);
  EXPECT_TRUE(all.ok());
  EXPECT_EQ(all.max_abs_error, 0.0);
}

TEST(CompareAccept, ANeverWrittenElementIsNeverAccepted) {
  std::vector<std::int32_t> want = {1, 1}, got = {1, 0};
  util::fill_poison(&got[1], sizeof got[1], sizeof got[1]);
  check::CompareOptions o = int_options(2);
  o.detect_poison = true;
  o.accept = [](std::size_t, double) { return true; };
  const auto c = check::compare_buffer("tok", got.data(), want.data(), 2, o);
  EXPECT_EQ(c.mismatches, 1u);
  EXPECT_EQ(c.never_written, 1u);
}

TEST(CompareAccept, LargeBuffersComparedInPartsCountEveryPart) {
  // Three parts of 2^20 elements, compared on several threads: every 1000th element differs, and
  // every other one of those is accepted.
  const std::size_t n = (std::size_t{3} << 20) + 17;
  std::vector<std::int32_t> want(n, 0), got(n, 0);
  std::size_t differing = 0, rejected = 0;
  for (std::size_t i = 1000; i < n; i += 1000) {
    got[i] = static_cast<std::int32_t>((i / 1000) % 2 ? 1 : 2);
    ++differing;
    rejected += (i / 1000) % 2 == 0;
  }
  check::CompareOptions o = int_options(n);
  o.accept = [](std::size_t, double g) { return g == 1.0; };
  const auto c = check::compare_buffer("tok", got.data(), want.data(), n, o);
  EXPECT_EQ(c.compared, n);
  EXPECT_EQ(c.mismatches, rejected);
  EXPECT_LT(rejected, differing);
  ASSERT_FALSE(c.first.empty());
  EXPECT_EQ(c.first[0].index, 2000u) << "the first rejected element, in index order";
}

// top-p-sampling's rule on inputs made by hand, as the judge hands them over.
struct TopP {
  std::vector<float> logits;
  float p = 0;
  std::int32_t seed = 1;
  bool accepts(double got) {
    std::map<std::string, reference::HostBuffer, std::less<>> bufs;
    bufs["logits"] = {logits.data(), logits.size(), sizeof(float), false};
    bufs["p"] = {&p, 1, sizeof(float), false};
    bufs["seed"] = {&seed, 1, sizeof(std::int32_t), false};
    const reference::Args args(std::move(bufs), {{"vocab_size", static_cast<double>(logits.size())}});
    const reference::AcceptFunction rule = reference::find_accept("top-p-sampling");
    EXPECT_NE(rule, nullptr);
    return rule && rule(args, "sampled_token", 0, got);
  }
};

TEST(ReferenceAccept, TopPAcceptsEveryTokenOfTheNucleusAndNothingElse) {
  // The README's example 1: probabilities 0.6364 (token 1), 0.2341 (2), 0.0861 (0), 0.0317 (3),
  // 0.0117 (4); p = 0.8 is reached at token 2: the nucleus is {1, 2}.
  TopP t{{1.0f, 3.0f, 2.0f, 0.0f, -1.0f}, 0.8f};
  EXPECT_TRUE(t.accepts(1));
  EXPECT_TRUE(t.accepts(2)) << "the other token of the nucleus";
  EXPECT_FALSE(t.accepts(0)) << "the next token of the order, past the cutoff";
  EXPECT_FALSE(t.accepts(3));
  EXPECT_FALSE(t.accepts(4));
  EXPECT_FALSE(t.accepts(-1));
  EXPECT_FALSE(t.accepts(5)) << "not a token";
  EXPECT_FALSE(t.accepts(1.5));
  t.p = 0.1f;  // the largest probability alone
  EXPECT_TRUE(t.accepts(1));
  EXPECT_FALSE(t.accepts(2));
  t.p = 1.0f;  // every token
  for (int j = 0; j < 5; ++j) EXPECT_TRUE(t.accepts(j)) << j;
}

TEST(ReferenceAccept, TopPAcceptsBothSidesOfACutoffFloatRoundingCouldMove) {
  // Token 0 has probability 0.500075: p = 0.5 is reached by it alone in double, but a float32 sum
  // landing just below p would take token 1 too (its logit is 3e-4 lower: no tie).
  TopP t{{0.0f, -0.0003f, -30.0f}, 0.5f};
  EXPECT_TRUE(t.accepts(0));
  EXPECT_TRUE(t.accepts(1)) << "a C within 1e-4 above p: the next token is accepted too";
  EXPECT_FALSE(t.accepts(2));
  t.p = 0.4999f;  // C[0] is now 1.75e-4 above p: no float32 sum misses it
  EXPECT_TRUE(t.accepts(0));
  EXPECT_FALSE(t.accepts(1));
  // A cutoff inside a run of equal logits: every token of the run, whatever the tie order.
  TopP run{{5.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, -3.0f}, 0.99f};
  for (int j = 0; j < 6; ++j) EXPECT_TRUE(run.accepts(j)) << j;
  EXPECT_FALSE(run.accepts(6));
}

TEST(ReferenceAccept, OnlyTopPHasARule) {
  EXPECT_NE(reference::find_accept("top-p-sampling"), nullptr);
  EXPECT_EQ(reference::find_accept("vector-addition"), nullptr);
  EXPECT_EQ(reference::find_accept("no-such-challenge"), nullptr);
}

const char* kTopP =
    "extern \"C\" void solve(const float* logits, const float* p, const int* seed, int* sampled_token, int "
    "vocab_size) {}";

struct Prepared {
  spec::Challenge challenge;
  spec::TestSuite suite;
  judging::CaseData data;
  const spec::TestCase* test = nullptr;
};

Prepared prepare_top_p(const std::string& test) {
  Prepared k;
  auto c = testing::catalog().challenge("top-p-sampling");
  EXPECT_TRUE(c);
  k.challenge = *c;
  auto suite = testing::catalog().testcases(k.challenge);
  EXPECT_TRUE(suite);
  k.suite = *suite;
  for (const spec::TestCase& tc : k.suite.cases)
    if (tc.name == test) k.test = &tc;
  EXPECT_NE(k.test, nullptr) << test;
  auto proto = compile::parse_solve_prototype(kTopP, "solution.cu");
  EXPECT_TRUE(proto) << proto.error().message;
  auto binding = compile::bind_prototype(*proto, k.challenge, "solution.cu");
  EXPECT_TRUE(binding) << binding.error().message;
  auto data = judging::prepare_case(k.challenge, *k.test, *binding);
  EXPECT_TRUE(data) << data.error().message;
  k.data = std::move(*data);
  return k;
}

judging::TestResult judge_token(Prepared& k, std::int32_t token) {
  for (const exec::BufferSlot& s : k.data.request.buffers)
    if (s.name == "sampled_token") std::memcpy(k.data.shm.data() + s.result_offset, &token, sizeof token);
  exec::TestOutcome o;
  o.reply.solve_ms = 1.0;
  return judging::diagnose({&k.challenge, k.test, 2000, 1 << 20}, k.data, o);
}

TEST(DiagnoseAccept, AnyTokenOfTheNucleusIsAcceptedOnTheHost) {
  Prepared k = prepare_top_p("example-1");
  EXPECT_EQ(judge_token(k, 1).verdict, judging::Verdict::AC) << "the canonical answer";
  EXPECT_EQ(judge_token(k, 2).verdict, judging::Verdict::AC) << "the other token of the nucleus";
  const judging::TestResult r = judge_token(k, 0);
  EXPECT_EQ(r.verdict, judging::Verdict::WA);
  EXPECT_TRUE(r.wrong_output);
  std::string text = r.summary;
  for (const std::string& d : r.details) text += "\n" + d;
  EXPECT_NE(text.find("got 0, expected 1"), std::string::npos) << text;
}

TEST(CaseDataAccept, APerformanceCaseWithARuleHasNoRunnerValidation) {
  Prepared k = prepare_top_p("performance");
  EXPECT_FALSE(k.data.request.alternate_inputs);
  for (const exec::BufferSlot& s : k.data.request.buffers) {
    EXPECT_EQ(s.expected_offset, exec::kNone) << s.name;
    EXPECT_EQ(s.alt_expected_offset, exec::kNone) << s.name;
  }
  // Its final output is still judged on the host, with the rule: the canonical answer passes, a
  // token far down the order does not.
  const auto want = k.data.expected.at("sampled_token");
  std::int32_t canonical;
  std::memcpy(&canonical, want.data(), sizeof canonical);
  EXPECT_EQ(judge_token(k, canonical).verdict, judging::Verdict::AC);
  const auto* logits = static_cast<const float*>(nullptr);
  for (const exec::BufferSlot& s : k.data.request.buffers)
    if (s.name == "logits") logits = reinterpret_cast<const float*>(k.data.shm.data() + s.initial_offset);
  ASSERT_NE(logits, nullptr);
  std::int32_t lowest = 0;
  for (std::int32_t j = 1; j < 50000; ++j)
    if (logits[j] < logits[lowest]) lowest = j;
  EXPECT_EQ(judge_token(k, lowest).verdict, judging::Verdict::WA);
}

}  // namespace
}  // namespace judge
