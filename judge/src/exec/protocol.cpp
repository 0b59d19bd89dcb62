#include "exec/protocol.hpp"

#include <fmt/format.h>

namespace judge::exec {
namespace {

using Json = nlohmann::json;

Json clocks_json(const std::optional<ClockReading>& c) {
  return c ? to_json(*c) : Json();
}

std::optional<ClockReading> read_clocks_json(const Json& j) {
  if (j.is_null()) return std::nullopt;
  ClockReading c;
  c.sm_mhz = j.at("sm_mhz").get<unsigned>();
  c.memory_mhz = j.at("memory_mhz").get<unsigned>();
  c.throttle_reasons = j.at("throttle_reasons").get<std::uint64_t>();
  return c;
}

Json failure_json(const std::optional<TimedCallFailure>& f) {
  if (!f) return Json();
  return {{"sample", f->sample},
          {"input_set", f->input_set},
          {"buffer", f->buffer},
          {"index", f->index},
          {"got", f->got},
          {"want", f->want},
          {"mismatches", f->mismatches},
          {"never_written", f->never_written}};
}

std::optional<TimedCallFailure> read_failure(const Json& j) {
  if (j.is_null()) return std::nullopt;
  TimedCallFailure f;
  f.sample = j.at("sample").get<std::size_t>();
  f.input_set = j.at("input_set").get<int>();
  f.buffer = j.at("buffer").get<std::string>();
  f.index = j.at("index").get<std::size_t>();
  f.got = j.at("got").get<std::string>();
  f.want = j.at("want").get<std::string>();
  f.mismatches = j.at("mismatches").get<std::size_t>();
  f.never_written = j.at("never_written").get<bool>();
  return f;
}

Json cuda_error_json(const CudaErrorReport& e) {
  Json j = {{"name", e.name}, {"text", e.text}, {"sticky", e.sticky}};
  if (e.launch) {
    const RefusedLaunch& l = *e.launch;
    j["launch"] = {{"kernel", l.kernel},
                   {"grid", l.grid},
                   {"block", l.block},
                   {"shared_bytes", l.shared_bytes},
                   {"failed_launches", l.failed_launches},
                   {"launches", l.launches}};
  }
  return j;
}

CudaErrorReport read_cuda_error(const Json& j) {
  CudaErrorReport e;
  e.name = j.at("name").get<std::string>();
  e.text = j.at("text").get<std::string>();
  e.sticky = j.at("sticky").get<bool>();
  if (j.contains("launch")) {
    const Json& l = j["launch"];
    RefusedLaunch r;
    r.kernel = l.at("kernel").get<std::string>();
    r.grid = l.at("grid").get<std::array<unsigned, 3>>();
    r.block = l.at("block").get<std::array<unsigned, 3>>();
    r.shared_bytes = l.at("shared_bytes").get<std::size_t>();
    r.failed_launches = l.at("failed_launches").get<int>();
    r.launches = l.at("launches").get<int>();
    e.launch = r;
  }
  return e;
}

TimingSamples read_timing(const Json& j) {
  TimingSamples t;
  t.event_ms = j.at("event_ms").get<std::vector<double>>();
  t.idle_start_ms = j.at("idle_start_ms").get<std::vector<double>>();
  t.idle_after_ms = j.at("idle_after_ms").get<std::vector<double>>();
  t.warmup_ms = j.at("warmup_ms").get<std::vector<double>>();
  t.overhead_ms = j.at("overhead_ms").get<double>();
  t.sampling_ms = j.at("sampling_ms").get<double>();
  t.timing_ms = j.at("timing_ms").get<double>();
  t.validation_ms = j.at("validation_ms").get<double>();
  t.warmup_calls = j.at("warmup_calls").get<int>();
  t.stop_reason = j.at("stop_reason").get<std::string>();
  t.flush_method = j.at("l2_flush").get<std::string>();
  t.clocks_before = read_clocks_json(j.at("clocks_before"));
  t.clocks_after = read_clocks_json(j.at("clocks_after"));
  t.validation_failure = read_failure(j.at("validation_failure"));
  t.validated_samples = j.at("validated_samples").get<std::size_t>();
  t.validation_method = j.at("validation_method").get<std::string>();
  return t;
}

Json timing_json(const TimingSamples& t) {
  return {{"event_ms", t.event_ms},
          {"idle_start_ms", t.idle_start_ms},
          {"idle_after_ms", t.idle_after_ms},
          {"warmup_ms", t.warmup_ms},
          {"overhead_ms", t.overhead_ms},
          {"sampling_ms", t.sampling_ms},
          {"timing_ms", t.timing_ms},
          {"validation_ms", t.validation_ms},
          {"warmup_calls", t.warmup_calls},
          {"stop_reason", t.stop_reason},
          {"l2_flush", t.flush_method},
          {"clocks_before", clocks_json(t.clocks_before)},
          {"clocks_after", clocks_json(t.clocks_after)},
          {"validation_failure", failure_json(t.validation_failure)},
          {"validated_samples", t.validated_samples},
          {"validation_method", t.validation_method}};
}

// Runs a reader, turning nlohmann's exceptions (missing key, wrong type) into an error that
// names what was being read.
template <class F>
auto guarded(const char* what, F&& read) -> Result<decltype(read())> {
  try {
    return read();
  } catch (const nlohmann::json::exception& e) {
    return make_error(fmt::format("malformed {} from the runner: {}", what, e.what()));
  }
}

}  // namespace

Json to_json(const TestReply& r) {
  Json j = {{"op", "done"},
            {"version", kProtocolVersion},
            {"solve_ms", r.solve_ms},
            {"upload_ms", r.upload_ms},
            {"inspect_ms", r.inspect_ms},
            {"guards", Json::array()},
            {"modified", Json::array()},
            {"buffers", Json::array()}};
  for (const GuardHit& g : r.guards) j["guards"].push_back({{"buffer", g.buffer}, {"offset_bytes", g.offset_bytes}});
  for (const InputChange& m : r.modified)
    j["modified"].push_back({{"buffer", m.buffer}, {"first_index", m.first_index}});
  for (const BufferAddress& b : r.buffers)
    j["buffers"].push_back({{"name", b.name},
                            {"role", b.role},
                            {"address", b.address},
                            {"bytes", b.bytes},
                            {"element_bytes", b.element_bytes}});
  if (r.cuda_error) j["cuda_error"] = cuda_error_json(*r.cuda_error);
  if (r.misuse) j["misuse"] = *r.misuse;
  if (r.judge_error) j["judge_error"] = *r.judge_error;
  if (r.timing) j["timing"] = timing_json(*r.timing);
  if (r.launches) j["launches"] = *r.launches;
  return j;
}

Result<TestReply> parse_reply(const Json& j) {
  if (!j.is_object() || j.value("version", 0) != kProtocolVersion)
    return make_error(fmt::format("the runner speaks protocol version {}, this judge {}: is the runner binary stale?",
                                  j.is_object() ? j.value("version", 0) : 0, kProtocolVersion));
  return guarded("reply", [&] {
    TestReply r;
    r.solve_ms = j.at("solve_ms").get<double>();
    r.upload_ms = j.at("upload_ms").get<double>();
    r.inspect_ms = j.at("inspect_ms").get<double>();
    for (const Json& g : j.at("guards")) r.guards.push_back({g.at("buffer"), g.at("offset_bytes").get<long long>()});
    for (const Json& m : j.at("modified"))
      r.modified.push_back({m.at("buffer"), m.at("first_index").get<std::size_t>()});
    for (const Json& b : j.at("buffers"))
      r.buffers.push_back({b.at("name"), b.at("role"), b.at("address").get<std::uint64_t>(),
                           b.at("bytes").get<std::size_t>(), b.at("element_bytes").get<std::size_t>()});
    if (j.contains("cuda_error")) r.cuda_error = read_cuda_error(j["cuda_error"]);
    if (j.contains("misuse")) r.misuse = j["misuse"].get<std::string>();
    if (j.contains("judge_error")) r.judge_error = j["judge_error"].get<std::string>();
    if (j.contains("timing")) r.timing = read_timing(j["timing"]);
    if (j.contains("launches")) r.launches = j["launches"].get<int>();
    return r;
  });
}

}  // namespace judge::exec
