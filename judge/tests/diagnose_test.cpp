// GPU-free tests of judging::diagnose on runner reports made by hand: survivable CUDA errors
// (a refused launch with right or wrong outputs, --strict), the diagnosis codes, and the
// explanation of a test that passes only with zeroed outputs.
#include <gtest/gtest.h>

#include <cstring>

#include "compile/binding.hpp"
#include "compile/prototype.hpp"
#include "exec/free_guard.hpp"
#include "exec/launch_record.hpp"
#include "judging/case_data.hpp"
#include "judging/diagnose.hpp"
#include "test_support.hpp"
#include "util/poison.hpp"

namespace judge {
namespace {

struct Case {
  spec::Challenge challenge;
  spec::TestSuite suite;
  judging::CaseData data;
  const spec::TestCase* test = nullptr;
};

// The first example of `slug`, prepared as the judge would (inputs, poisoned outputs, expected).
Case prepare(const std::string& slug, const std::string& prototype) {
  Case k;
  auto c = testing::catalog().challenge(slug);
  EXPECT_TRUE(c);
  k.challenge = *c;
  auto suite = testing::catalog().testcases(k.challenge);
  EXPECT_TRUE(suite);
  k.suite = *suite;
  k.test = &k.suite.cases.front();
  auto proto = compile::parse_solve_prototype(prototype, "solution.cu");
  EXPECT_TRUE(proto) << proto.error().message;
  auto binding = compile::bind_prototype(*proto, k.challenge, "solution.cu");
  EXPECT_TRUE(binding) << binding.error().message;
  auto data = judging::prepare_case(k.challenge, *k.test, *binding);
  EXPECT_TRUE(data) << data.error().message;
  k.data = std::move(*data);
  return k;
}

// Writes `values(expected)` into the result region of every out buffer, as the runner would.
template <class F>
void set_outputs(judging::CaseData& d, F values) {
  for (const exec::BufferSlot& s : d.request.buffers) {
    if (s.role == spec::Role::in) continue;
    const judging::ByteView want = d.expected.at(s.name);
    std::vector<unsigned char> v(want.data(), want.data() + want.size());
    values(v, s);
    std::memcpy(d.shm.data() + s.result_offset, v.data(), v.size());
  }
}

exec::TestOutcome done_outcome() {
  exec::TestOutcome o;
  o.reply.solve_ms = 1.0;
  return o;
}

exec::CudaErrorReport refused_launch_error() {
  exec::RefusedLaunch l;
  l.kernel = "reverse_pairs(float*, int)";
  l.grid = {0, 1, 1};
  l.block = {256, 1, 1};
  return {"cudaErrorInvalidConfiguration", "invalid configuration argument", false, l};
}

judging::DiagnoseContext context(const Case& k) {
  return {&k.challenge, k.test, 2000, 1 << 20};
}

const char* kRelu = "extern \"C\" void solve(const float* input, float* output, int N) {}";

TEST(Diagnose, RefusedLaunchWithRightOutputsIsAcceptedWithAWarningNamingTheLaunch) {
  Case k = prepare("relu", kRelu);
  set_outputs(k.data, [](auto&, auto&) {});
  auto o = done_outcome();
  o.reply.cuda_error = refused_launch_error();
  const auto r = judging::diagnose(context(k), k.data, o);
  EXPECT_EQ(r.verdict, judging::Verdict::AC);
  EXPECT_EQ(r.diagnosis, "refused_launch");
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("cudaErrorInvalidConfiguration"), std::string::npos) << r.warnings[0];
  EXPECT_NE(r.warnings[0].find("kernel reverse_pairs(float*, int) with grid (0, 1, 1), block (256, 1, 1)"),
            std::string::npos)
      << r.warnings[0];
}

TEST(Diagnose, StrictRejectsARefusedLaunchEvenWithRightOutputs) {
  Case k = prepare("relu", kRelu);
  set_outputs(k.data, [](auto&, auto&) {});
  auto o = done_outcome();
  o.reply.cuda_error = refused_launch_error();
  auto ctx = context(k);
  ctx.strict = true;
  const auto r = judging::diagnose(ctx, k.data, o);
  EXPECT_EQ(r.verdict, judging::Verdict::RTE);
  EXPECT_EQ(r.diagnosis, "refused_launch");
  EXPECT_TRUE(r.warnings.empty());
}

TEST(Diagnose, RefusedLaunchWithWrongOutputsIsARunTimeErrorNamingTheLaunch) {
  Case k = prepare("relu", kRelu);  // outputs still hold the marker: never written
  auto o = done_outcome();
  o.reply.cuda_error = refused_launch_error();
  const auto r = judging::diagnose(context(k), k.data, o);
  EXPECT_EQ(r.verdict, judging::Verdict::RTE);
  EXPECT_EQ(r.diagnosis, "refused_launch");
  EXPECT_NE(r.summary.find("grid (0, 1, 1)"), std::string::npos) << r.summary;
  EXPECT_NE(r.summary.find("outputs are wrong"), std::string::npos) << r.summary;
  ASSERT_FALSE(r.details.empty());
  EXPECT_NE(r.details[0].find("no element of output was written"), std::string::npos) << r.details[0];
}

TEST(Diagnose, AStickyErrorEndsTheTestAsARunTimeError) {
  Case k = prepare("relu", kRelu);
  exec::TestOutcome o;
  o.reply.cuda_error = exec::CudaErrorReport{"cudaErrorIllegalAddress", "an illegal memory access", true, {}};
  const auto r = judging::diagnose(context(k), k.data, o);
  EXPECT_EQ(r.verdict, judging::Verdict::RTE);
  EXPECT_EQ(r.diagnosis, "cuda_error");
  EXPECT_NE(r.summary.find("cudaErrorIllegalAddress"), std::string::npos);
}

TEST(Diagnose, OutputsNeverWrittenAndWrongValuesHaveTheirOwnCodes) {
  Case k = prepare("relu", kRelu);
  auto r = judging::diagnose(context(k), k.data, done_outcome());
  EXPECT_EQ(r.verdict, judging::Verdict::WA);
  EXPECT_EQ(r.diagnosis, "nothing_written");  // the mismatch analysis's code (docs/diagnoses.md)
  EXPECT_NE(r.summary.find("no element of output was written"), std::string::npos) << r.summary;
  ASSERT_FALSE(r.details.empty());
  EXPECT_NE(r.details[0].find("were never written"), std::string::npos) << "the counts stay as a detail";
  EXPECT_EQ(r.evidence["count"], k.data.buffers.back().count);
  EXPECT_TRUE(judging::failed_on_output_values(r));
  set_outputs(k.data, [](std::vector<unsigned char>& v, const exec::BufferSlot&) {
    float f = 12345.0f;
    std::memcpy(v.data(), &f, 4);
  });
  r = judging::diagnose(context(k), k.data, done_outcome());
  EXPECT_EQ(r.diagnosis, "wrong_values");
  EXPECT_TRUE(judging::failed_on_output_values(r));
}

TEST(Diagnose, AccumulatingIntoTheMarkerIsExplainedAsReadingOutputBeforeWritingIt) {
  Case k = prepare("count-array-element", "extern \"C\" void solve(const int* input, int* output, int N, int K) {}");
  // atomicAdd into the marker: every value is the fill value plus the expected count.
  set_outputs(k.data, [](std::vector<unsigned char>& v, const exec::BufferSlot& s) {
    std::vector<unsigned char> fill(4);
    util::fill_poison(fill.data(), 4, s.element_bytes);
    for (std::size_t i = 0; i + 4 <= v.size(); i += 4) {
      std::uint32_t want = 0, f = 0;
      std::memcpy(&want, v.data() + i, 4);
      std::memcpy(&f, fill.data(), 4);
      const std::uint32_t got = want + f;
      std::memcpy(v.data() + i, &got, 4);
    }
  });
  auto r = judging::diagnose(context(k), k.data, done_outcome());
  ASSERT_TRUE(judging::failed_on_output_values(r)) << r.summary;
  const auto evidence = judging::output_evidence(k.data);
  EXPECT_EQ(evidence.buffer, "output");
  EXPECT_NE(evidence.relation.find("fill value (-5921371) plus the expected value"), std::string::npos)
      << evidence.relation;
  judging::explain_zero_fill_pass(r, evidence);
  EXPECT_EQ(r.verdict, judging::Verdict::WA);
  EXPECT_EQ(r.diagnosis, "reads_output_before_writing");
  EXPECT_NE(r.summary.find("solve reads or accumulates into output before writing it"), std::string::npos);
  std::string all;
  for (const auto& d : r.details) all += d + "\n";
  EXPECT_NE(all.find("cudaMemset"), std::string::npos) << all;
  EXPECT_NE(all.find("LeetGPU"), std::string::npos) << all;
  EXPECT_NE(all.find("--fill zero"), std::string::npos) << all;
}

TEST(Diagnose, NeverWrittenElementsThatShouldBeZeroKeepTheirDiagnosis) {
  Case k = prepare("relu", kRelu);
  auto r = judging::diagnose(context(k), k.data, done_outcome());  // nothing written
  ASSERT_EQ(r.diagnosis, "nothing_written");
  judging::explain_zero_fill_pass(r, judging::output_evidence(k.data));
  EXPECT_EQ(r.diagnosis, "nothing_written");
  EXPECT_NE(r.details.front().find("solve relies on zeroed memory for these elements of output"), std::string::npos)
      << r.details.front();
}

TEST(Diagnose, WithZeroedOutputsAZeroIsAValueNotAMarker) {
  Case k = prepare("relu", kRelu);
  set_outputs(k.data, [](std::vector<unsigned char>& v, const exec::BufferSlot&) { std::fill(v.begin(), v.end(), 0); });
  auto ctx = context(k);
  ctx.zero_filled = true;
  const auto r = judging::diagnose(ctx, k.data, done_outcome());
  // Zeros are compared as values: wrong (the example has positive inputs), never "never written".
  EXPECT_EQ(r.verdict, judging::Verdict::WA);
  EXPECT_EQ(r.diagnosis, "wrong_values");  // one wrong element: too few for a relation
}

TEST(Diagnose, DifferentOutputsOnASecondRunAreARace) {
  Case k = prepare("relu", kRelu);
  set_outputs(k.data, [](std::vector<unsigned char>&, const exec::BufferSlot&) {});
  const auto first = judging::output_bytes(k.data);
  EXPECT_FALSE(judging::compare_runs(k.data, first, k.challenge.tolerance)) << "the same outputs: no race";
  set_outputs(k.data, [](std::vector<unsigned char>& v, const exec::BufferSlot&) {
    float f = 777.0f;
    std::memcpy(v.data() + 4, &f, 4);
  });
  const auto d = judging::compare_runs(k.data, first, k.challenge.tolerance);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->elements, 1u);
  EXPECT_EQ(d->first_index, 1u);
  judging::TestResult r;
  r.verdict = judging::Verdict::WA;
  r.summary = "first summary";
  judging::explain_race(r, *d);
  EXPECT_EQ(r.diagnosis, "race");
  EXPECT_NE(r.summary.find("output changes from run to run"), std::string::npos) << r.summary;
  EXPECT_NE(r.summary.find("--sanitize racecheck"), std::string::npos);
  EXPECT_EQ(r.details.front(), "first run: first summary");
}

TEST(LaunchRecord, ZeroOrOversizedDimensionsAreAConfigurationError) {
  EXPECT_EQ(exec::configuration_error(dim3(0), dim3(256)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(exec::configuration_error(dim3(4), dim3(0)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(exec::configuration_error(dim3(4), dim3(2048)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(exec::configuration_error(dim3(4), dim3(32, 32, 2)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(exec::configuration_error(dim3(1, 70000), dim3(32)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(exec::configuration_error(dim3(1u << 31), dim3(32)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(exec::configuration_error(dim3(65536, 65535, 65535), dim3(32, 32)), cudaSuccess);
}

TEST(FreeGuard, FindsTheBufferHoldingAnAddressGuardZonesIncluded) {
  const std::vector<exec::GuardedRange> ranges = {{"A", 0x1000, 0x2000}, {"C", 0x3000, 0x3100}};
  ASSERT_NE(exec::find_range(ranges, 0x1000), nullptr);
  EXPECT_EQ(exec::find_range(ranges, 0x1fff)->name, "A");
  EXPECT_EQ(exec::find_range(ranges, 0x3080)->name, "C");
  EXPECT_EQ(exec::find_range(ranges, 0x2000), nullptr);  // one past A's end
  EXPECT_EQ(exec::find_range(ranges, 0x0fff), nullptr);
}

TEST(FreeGuard, RefusesToFreeAJudgeBufferAndSaysSo) {
  // No GPU needed: a guarded pointer is refused before the runtime is called.
  std::vector<char> fake(64);
  const auto at = reinterpret_cast<std::uintptr_t>(fake.data());
  exec::start_free_guard({{"input", at, at + fake.size()}});
  EXPECT_EQ(cudaFree(fake.data() + 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(fake.data() + 20), cudaErrorInvalidValue);
  const auto what = exec::stop_free_guard();
  ASSERT_TRUE(what.has_value());
  EXPECT_NE(what->find("cudaFree on the judge's buffer input (2 calls refused)"), std::string::npos) << *what;
  EXPECT_FALSE(exec::stop_free_guard().has_value());
}

TEST(LaunchRecord, DescribesTheLaunch) {
  exec::FailedLaunch f;
  f.kernel = "k(float*)";
  f.grid = dim3(0, 1, 1);
  f.block = dim3(128, 2, 1);
  f.shared_bytes = 4096;
  EXPECT_EQ(exec::describe_launch(f),
            "kernel k(float*) with grid (0, 1, 1), block (128, 2, 1), 4096 bytes of dynamic shared memory");
}

}  // namespace
}  // namespace judge
