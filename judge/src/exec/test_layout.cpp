#include "exec/test_layout.hpp"

#include <cstring>

#include "util/poison.hpp"

namespace judge::exec {
namespace {

constexpr std::size_t kPage = 4096;
std::size_t round_up(std::size_t n) {
  return (n + kPage - 1) / kPage * kPage;
}

}  // namespace

bool starts_poisoned(const TestRequest& r, const BufferSlot& s) {
  return s.role == spec::Role::out && !r.zero_fill && !s.starts_zero;
}

void fill_output_start(const TestRequest& r, const BufferSlot& s, void* dst) {
  if (starts_poisoned(r, s))
    util::fill_poison(dst, s.bytes, s.element_bytes);
  else
    std::memset(dst, 0, s.bytes);
}

TestRequest make_layout(const std::string& test, bool performance, const std::vector<spec::Param>& params,
                        const std::vector<std::size_t>& counts, const spec::ScalarValues& scalars,
                        const compile::Binding& binding, const ValidationLayout& v) {
  TestRequest r;
  r.test = test;
  r.performance = performance;
  r.alternate_inputs = v.enabled && v.alternate;
  std::size_t offset = 0;
  auto take = [&](std::size_t bytes) {
    const std::size_t at = offset;
    offset += round_up(bytes);
    return at;
  };
  for (std::size_t i = 0; i < params.size(); ++i) {
    const spec::Param& p = params[i];
    ArgSlot arg;
    arg.kind = binding.params[i].kind;
    if (!p.pointer) {
      arg.value = scalars.at(p.name);
      r.args.push_back(arg);
      continue;
    }
    BufferSlot b;
    b.name = p.name;
    b.role = p.role;
    b.type = p.type;
    b.element_bytes = spec::dtype_bytes(p.type);
    b.bytes = counts[i] * b.element_bytes;
    b.starts_zero = p.pointer && p.role == spec::Role::out && p.starts_zero;
    if (p.role != spec::Role::out) b.initial_offset = take(b.bytes);
    if (p.role != spec::Role::in) b.result_offset = take(b.bytes);
    if (v.enabled) {
      if (p.role != spec::Role::out && v.alternate) b.alt_initial_offset = take(b.bytes);
      if (p.role != spec::Role::in) {
        b.expected_offset = take(b.bytes);
        if (v.alternate) b.alt_expected_offset = take(b.bytes);
        const std::size_t n = i < v.sample_counts.size() ? v.sample_counts[i] : 0;
        if (n) {
          b.sample_count = n;
          b.sample_offset = take(n * sizeof(std::uint64_t));
        }
      }
    }
    arg.buffer = static_cast<int>(r.buffers.size());
    r.buffers.push_back(b);
    r.args.push_back(arg);
  }
  r.shm_bytes = offset;
  return r;
}

nlohmann::json to_json(const TestRequest& r) {
  nlohmann::json buffers = nlohmann::json::array(), args = nlohmann::json::array();
  for (const BufferSlot& b : r.buffers) {
    buffers.push_back({{"name", b.name},
                       {"role", static_cast<int>(b.role)},
                       {"type", static_cast<int>(b.type)},
                       {"bytes", b.bytes},
                       {"element_bytes", b.element_bytes},
                       {"initial_offset", b.initial_offset},
                       {"result_offset", b.result_offset},
                       {"alt_initial_offset", b.alt_initial_offset},
                       {"expected_offset", b.expected_offset},
                       {"alt_expected_offset", b.alt_expected_offset},
                       {"sample_offset", b.sample_offset},
                       {"sample_count", b.sample_count},
                       {"starts_zero", b.starts_zero}});
  }
  for (const ArgSlot& a : r.args)
    args.push_back({{"kind", static_cast<int>(a.kind)}, {"buffer", a.buffer}, {"value", a.value}});
  return {{"op", "run"},
          {"test", r.test},
          {"performance", r.performance},
          {"alternate_inputs", r.alternate_inputs},
          {"min_timed_ms", r.min_timed_ms},
          {"zero_fill", r.zero_fill},
          {"sanitize", r.sanitize},
          {"profile", r.profile},
          {"atol", r.tolerance.atol},
          {"rtol", r.tolerance.rtol},
          {"buffers", buffers},
          {"args", args},
          {"shm_bytes", r.shm_bytes}};
}

TestRequest test_request_from_json(const nlohmann::json& j) {
  TestRequest r;
  r.test = j.at("test").get<std::string>();
  r.performance = j.at("performance").get<bool>();
  r.shm_bytes = j.at("shm_bytes").get<std::size_t>();
  r.alternate_inputs = j.at("alternate_inputs").get<bool>();
  r.min_timed_ms = j.value("min_timed_ms", 0.0);
  r.zero_fill = j.value("zero_fill", false);
  r.sanitize = j.value("sanitize", std::string());
  r.profile = j.value("profile", false);
  r.tolerance = {j.at("atol").get<double>(), j.at("rtol").get<double>()};
  for (const auto& b : j.at("buffers")) {
    BufferSlot s;
    s.name = b.at("name").get<std::string>();
    s.role = static_cast<spec::Role>(b.at("role").get<int>());
    s.type = static_cast<spec::DType>(b.at("type").get<int>());
    s.starts_zero = b.value("starts_zero", false);
    s.bytes = b.at("bytes").get<std::size_t>();
    s.element_bytes = b.at("element_bytes").get<std::size_t>();
    s.initial_offset = b.at("initial_offset").get<std::size_t>();
    s.result_offset = b.at("result_offset").get<std::size_t>();
    s.alt_initial_offset = b.at("alt_initial_offset").get<std::size_t>();
    s.expected_offset = b.at("expected_offset").get<std::size_t>();
    s.alt_expected_offset = b.at("alt_expected_offset").get<std::size_t>();
    s.sample_offset = b.at("sample_offset").get<std::size_t>();
    s.sample_count = b.at("sample_count").get<std::size_t>();
    r.buffers.push_back(s);
  }
  for (const auto& a : j.at("args")) {
    r.args.push_back({static_cast<compile::ArgKind>(a.at("kind").get<int>()), a.at("buffer").get<int>(),
                      a.at("value").get<double>()});
  }
  return r;
}

}  // namespace judge::exec
