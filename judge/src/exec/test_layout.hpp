// What the judge and its runner agree on for one test: where each buffer's data sits in the
// shared region, how arguments are passed, and the poison and canary patterns.
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
// Bytes of canary before and after every device buffer.
inline constexpr std::size_t kGuardBytes = 64 * 1024;
inline constexpr unsigned char kCanaryByte = 0xC5;

struct BufferSlot {
  std::string name;
  spec::Role role = spec::Role::in;
  std::size_t bytes = 0;
  std::size_t element_bytes = 1;
  std::size_t initial_offset = kNone;  // input values (in, inout)
  std::size_t result_offset = kNone;   // values after solve (out, inout); starts as poison for out
};

struct ArgSlot {
  compile::ArgKind kind = compile::ArgKind::pointer;
  int buffer = -1;  // for pointers
  double value = 0; // for scalars (integers exact to 2^53)
};

struct TestRequest {
  std::string test;
  bool performance = false;
  std::vector<BufferSlot> buffers;
  std::vector<ArgSlot> args;
  std::size_t shm_bytes = 0;
};

nlohmann::json to_json(const TestRequest& r);
TestRequest test_request_from_json(const nlohmann::json& j);

// Lays out buffers for a challenge's params with their byte sizes; pages keep sections apart.
TestRequest make_layout(const std::string& test, bool performance, const std::vector<spec::Param>& params,
                        const std::vector<std::size_t>& element_counts, const spec::ScalarValues& scalars,
                        const compile::Binding& binding);

// Poison fills outputs before solve; an element still holding it was never written.
void fill_poison(void* dst, std::size_t bytes, std::size_t element_bytes);
bool is_poison(const void* element, std::size_t element_bytes);

}  // namespace judge::exec
