// What the judge and its runner agree on for one test: where each buffer's data sits in the
// shared region, how arguments are passed, and how outputs start (the poison and canary patterns
// themselves are util/poison.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compile/binding.hpp"
#include "spec/challenge.hpp"

namespace judge::exec {

inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

struct BufferSlot {
  std::string name;
  spec::Role role = spec::Role::in;
  spec::DType type = spec::DType::float32;
  std::size_t bytes = 0;
  std::size_t element_bytes = 1;
  std::size_t initial_offset = kNone;  // input values (in, inout)
  std::size_t result_offset = kNone;   // values after solve (out, inout); starts as poison for out
  // Performance case only: a second input set that timed calls alternate with, the expected
  // values of out/inout buffers for both sets, and (sampled checks) which indices to compare.
  std::size_t alt_initial_offset = kNone;
  std::size_t expected_offset = kNone;
  std::size_t alt_expected_offset = kNone;
  std::size_t sample_offset = kNone;  // sample_count std::uint64_t indices
  std::size_t sample_count = 0;
  // Out buffers the statement guarantees to start at zero (challenge.json "init": "zeros"): they
  // start zeroed under every fill, and a zero left in them counts as written.
  bool starts_zero = false;
};

struct ArgSlot {
  compile::ArgKind kind = compile::ArgKind::pointer;
  int buffer = -1;   // for pointers
  double value = 0;  // for scalars (integers exact to 2^53)
};

struct TestRequest {
  std::string test;
  bool performance = false;
  bool alternate_inputs = false;  // alt_* sections are present
  spec::Tolerance tolerance;      // for validating timed calls in the runner
  double min_timed_ms = 0;        // --min-time: event time the timed calls accumulate at least
  bool zero_fill = false;         // out buffers start as zeros (LeetGPU's way), not poison
  // The compute-sanitizer tool the runner runs under (judging/sanitize.hpp), or empty. memcheck:
  // buffers without guard zones (an access past the end must leave the allocation for the tool
  // to see it); initcheck: outputs left unwritten (poison would count as initialised); both:
  // the buffers' device addresses in the reply, to name the buffer a report points into.
  std::string sanitize;
  // `judge run --profile`: the one solve call runs between cudaProfilerStart and cudaProfilerStop
  // (Nsight Compute, started with --profile-from-start off, profiles only that), and the reply
  // counts solve's kernel launches. Never with `performance`.
  bool profile = false;
  std::vector<BufferSlot> buffers;
  std::vector<ArgSlot> args;
  std::size_t shm_bytes = 0;
};

nlohmann::json to_json(const TestRequest& r);
TestRequest test_request_from_json(const nlohmann::json& j);

// Lays out buffers for a challenge's params with their byte sizes; pages keep sections apart.
// `validation` adds the performance-case sections (alternate inputs when `alternate`, expected
// values, sample indices with `sample_counts[i]` entries for param i when sampled).
struct ValidationLayout {
  bool enabled = false;
  bool alternate = false;
  std::vector<std::size_t> sample_counts;  // per param; 0: every element
};
TestRequest make_layout(const std::string& test, bool performance, const std::vector<spec::Param>& params,
                        const std::vector<std::size_t>& element_counts, const spec::ScalarValues& scalars,
                        const compile::Binding& binding, const ValidationLayout& validation = {});

// Whether an out buffer starts as poison (util/poison.hpp) for this request (not under --fill
// zero, not when the statement guarantees zeros), and the start itself written at `dst` (poison or
// zeros).
bool starts_poisoned(const TestRequest& r, const BufferSlot& s);
void fill_output_start(const TestRequest& r, const BufferSlot& s, void* dst);

}  // namespace judge::exec
