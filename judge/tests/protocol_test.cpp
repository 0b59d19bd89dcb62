// The runner's reply (exec/protocol.hpp): every field survives the trip through JSON, and a reply
// the judge cannot read is an error that says what is wrong, never a crash or a silent default.
#include <gtest/gtest.h>

#include "exec/protocol.hpp"

namespace judge {
namespace {

exec::TestReply full_reply() {
  exec::TestReply r;
  r.solve_ms = 1.5;
  r.upload_ms = 0.25;
  r.inspect_ms = 0.125;
  r.guards = {{"C", -4}, {"C", 4096}};
  r.modified = {{"A", 17}};
  r.buffers = {{"A", "in", 0x7f0000000000ull, 4096, 4}, {"C", "out", 0x7f0000100000ull, 4096, 4}};
  exec::RefusedLaunch l;
  l.kernel = "k(float*)";
  l.grid = {0, 1, 1};
  l.block = {256, 1, 1};
  l.shared_bytes = 1024;
  l.failed_launches = 2;
  l.launches = 3;
  r.cuda_error = exec::CudaErrorReport{"cudaErrorInvalidConfiguration", "invalid configuration argument", false, l};
  r.launches = 3;
  exec::TimingSamples t;
  t.event_ms = {1.0, 1.1};
  t.idle_start_ms = {1.2};
  t.idle_after_ms = {0.01, 0.02, 0.01};
  t.warmup_ms = {2.0};
  t.overhead_ms = 0.005;
  t.sampling_ms = 10;
  t.timing_ms = 12;
  t.validation_ms = 1;
  t.warmup_calls = 1;
  t.stop_reason = "noise target met";
  t.flush_method = "read 2x L2";
  t.clocks_after = exec::ClockReading{1980, 2619, 4};
  t.validation_failure = exec::TimedCallFailure{3, 1, "C", 12, "1.5", "2", 7, true};
  t.validated_samples = 3;
  t.validation_method = "device";
  r.timing = t;
  return r;
}

TEST(Protocol, EveryFieldSurvivesTheRoundTrip) {
  const exec::TestReply sent = full_reply();
  const auto got = exec::parse_reply(exec::to_json(sent));
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->solve_ms, 1.5);
  EXPECT_EQ(got->upload_ms, 0.25);
  EXPECT_EQ(got->inspect_ms, 0.125);
  ASSERT_EQ(got->guards.size(), 2u);
  EXPECT_EQ(got->guards[0].offset_bytes, -4);
  EXPECT_EQ(got->guards[1].buffer, "C");
  ASSERT_EQ(got->modified.size(), 1u);
  EXPECT_EQ(got->modified[0].first_index, 17u);
  ASSERT_EQ(got->buffers.size(), 2u);
  EXPECT_EQ(got->buffers[1].address, 0x7f0000100000ull);
  EXPECT_EQ(got->buffers[1].role, "out");
  ASSERT_TRUE(got->cuda_error && got->cuda_error->launch);
  EXPECT_FALSE(got->cuda_error->sticky);
  EXPECT_EQ(got->cuda_error->launch->kernel, "k(float*)");
  EXPECT_EQ(got->cuda_error->launch->grid[0], 0u);
  EXPECT_EQ(got->cuda_error->launch->block[0], 256u);
  EXPECT_EQ(got->cuda_error->launch->failed_launches, 2);
  EXPECT_EQ(got->launches, 3);
  EXPECT_FALSE(got->misuse);
  EXPECT_FALSE(got->judge_error);
  ASSERT_TRUE(got->timing);
  const exec::TimingSamples& t = *got->timing;
  EXPECT_EQ(t.event_ms, (std::vector<double>{1.0, 1.1}));
  EXPECT_EQ(t.idle_after_ms.size(), 3u);
  EXPECT_EQ(t.stop_reason, "noise target met");
  EXPECT_EQ(t.flush_method, "read 2x L2");
  EXPECT_FALSE(t.clocks_before);
  ASSERT_TRUE(t.clocks_after);
  EXPECT_EQ(t.clocks_after->sm_mhz, 1980u);
  EXPECT_TRUE(t.clocks_after->throttled());
  ASSERT_TRUE(t.validation_failure);
  EXPECT_EQ(t.validation_failure->sample, 3u);
  EXPECT_EQ(t.validation_failure->input_set, 1);
  EXPECT_TRUE(t.validation_failure->never_written);
  EXPECT_EQ(t.validation_method, "device");
}

TEST(Protocol, AnEmptyReplyHasNoOptionalParts) {
  const auto got = exec::parse_reply(exec::to_json(exec::TestReply{}));
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_TRUE(got->guards.empty());
  EXPECT_FALSE(got->cuda_error || got->misuse || got->judge_error || got->timing || got->launches);
}

TEST(Protocol, AnotherVersionIsAnErrorThatNamesBoth) {
  nlohmann::json j = exec::to_json(exec::TestReply{});
  j["version"] = exec::kProtocolVersion + 1;
  const auto got = exec::parse_reply(j);
  ASSERT_FALSE(got);
  EXPECT_NE(got.error().message.find("protocol version " + std::to_string(exec::kProtocolVersion + 1)),
            std::string::npos)
      << got.error().message;
  EXPECT_NE(got.error().message.find("stale"), std::string::npos) << got.error().message;
}

TEST(Protocol, AMissingOrMistypedKeyIsAnErrorNotACrash) {
  nlohmann::json j = exec::to_json(full_reply());
  j.erase("solve_ms");
  auto got = exec::parse_reply(j);
  ASSERT_FALSE(got);
  EXPECT_NE(got.error().message.find("solve_ms"), std::string::npos) << got.error().message;
  j = exec::to_json(full_reply());
  j["timing"]["event_ms"] = "fast";
  got = exec::parse_reply(j);
  ASSERT_FALSE(got);
  EXPECT_NE(got.error().message.find("malformed reply"), std::string::npos) << got.error().message;
}

}  // namespace
}  // namespace judge
