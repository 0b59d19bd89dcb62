#include "judging/diagnose.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "check/compare.hpp"
#include "exec/test_layout.hpp"
#include "explain/analyze.hpp"
#include "judging/reference_facts.hpp"
#include "judging/timed_result.hpp"
#include "reference/reference.hpp"
#include "util/poison.hpp"
#include "util/units.hpp"

namespace judge::judging {
namespace {

// "C (element N+3)" / "C (element -2, before its start)" for a changed guard byte.
std::string describe_guard(const CaseData& d, const exec::GuardHit& g) {
  const std::string& name = g.buffer;
  const long long offset = g.offset_bytes;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& s = d.request.buffers[b];
    if (s.name != name) continue;
    const auto eb = static_cast<long long>(s.element_bytes);
    const auto count = static_cast<long long>(d.buffers[b].count);
    if (offset < 0) return fmt::format("wrote outside {} (element {}, before its start)", name, (offset - eb + 1) / eb);
    const long long past = offset / eb - count;
    return fmt::format("wrote outside {} (element {}{}, past its end of {} elements)", name, past == 0 ? "N" : "N+",
                       past == 0 ? "" : std::to_string(past), count);
  }
  return "wrote outside " + name;
}

void add_output(TestResult& r, const exec::TestOutcome& o) {
  r.output = o.output;
  r.output_truncated = o.output_bytes > o.output.size();
}

// "CUDA error cudaErrorInvalidConfiguration (invalid configuration argument), raised by the
// launch of kernel k(float*, int) with grid (0, 1, 1), ...": the error, and the launch when one
// was refused.
std::string describe_cuda_error(const exec::CudaErrorReport& e) {
  std::string s = fmt::format("CUDA error {} ({})", e.name, e.text);
  if (!e.launch) return s;
  const exec::RefusedLaunch& l = *e.launch;
  s += fmt::format(
      ", raised by the launch of kernel {} with grid ({}, {}, {}), block ({}, {}, {}), {} bytes of "
      "dynamic shared memory",
      l.kernel.empty() ? "(unnamed)" : l.kernel, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2],
      l.shared_bytes);
  if (l.failed_launches > 1) s += fmt::format(" ({} of {} launches were refused)", l.failed_launches, l.launches);
  return s;
}

// A CUDA error the context survived (refused launch, bad API argument): not the end of the test.
bool survivable_error(const exec::TestOutcome& o) {
  const auto& e = o.reply.cuda_error;
  return e && !e->sticky && e->name != "cudaErrorMemoryAllocation";
}

bool check_runner_end(TestResult& r, const DiagnoseContext& ctx, const exec::TestOutcome& o) {
  using End = exec::TestOutcome::End;
  if (o.end == End::timeout) {
    r.verdict = Verdict::TLE;
    r.diagnosis = diagnosis::timeout;
    r.summary = o.phase == "timing" ? "the performance measurement did not finish in time"
                                    : fmt::format("solve did not finish within {:.1f} s", ctx.solve_limit_ms / 1000.0);
    return true;
  }
  if (o.end == End::died) {
    r.verdict = Verdict::RTE;
    r.diagnosis = diagnosis::process_died;
    r.summary = o.exit.exited ? fmt::format("the solution ended the process ({})", o.exit.describe())
                              : fmt::format("the solution crashed the process ({})", o.exit.describe());
    return true;
  }
  if (o.end == End::judge_error) {
    r.verdict = Verdict::JE;
    r.summary = o.error.empty() ? "the runner did not finish setting up the test in time" : o.error;
    return true;
  }
  if (o.reply.misuse) {  // the solution broke the judge's CUDA context (exec/device_watch)
    r.verdict = Verdict::RTE;
    r.diagnosis = diagnosis::context_misuse;
    r.summary = *o.reply.misuse;
    return true;
  }
  if (o.reply.cuda_error && !survivable_error(o)) {
    const exec::CudaErrorReport& e = *o.reply.cuda_error;
    const bool oom = e.name == "cudaErrorMemoryAllocation";
    r.verdict = oom ? Verdict::MLE : Verdict::RTE;
    r.diagnosis = oom ? diagnosis::out_of_memory : diagnosis::cuda_error;
    r.summary = describe_cuda_error(e);
    if (o.phase == "timing") r.details.push_back("raised during the timed calls, after a correct first call");
    return true;
  }
  return false;
}

// The outputs were checked with a survivable CUDA error pending: right outputs make it a warning
// (LeetGPU's harness does not see such an error), wrong ones an RTE that names the launch.
void weigh_survivable_error(TestResult& r, const DiagnoseContext& ctx, const exec::TestOutcome& o) {
  const std::string what = describe_cuda_error(*o.reply.cuda_error);
  if (r.verdict == Verdict::AC) {
    if (ctx.strict) {
      r.verdict = Verdict::RTE;
      r.diagnosis = diagnosis::refused_launch;
      r.summary = what;
      r.details.push_back("the outputs were right; without --strict this is accepted with a warning");
      return;
    }
    r.warnings.push_back(what + "; the outputs were right, so it is accepted (--strict rejects it)");
    if (r.diagnosis.empty()) r.diagnosis = diagnosis::refused_launch;
    return;
  }
  if (r.verdict != Verdict::WA) return;
  r.details.insert(r.details.begin(), r.summary);
  r.verdict = Verdict::RTE;
  r.diagnosis = diagnosis::refused_launch;
  r.summary = what + ", and the outputs are wrong";
}

// Outputs up to this size get the mismatch analysis (one byte of state per element, and a few
// passes over the buffer); larger ones keep the counts and the first mismatches.
constexpr std::size_t kMaxAnalyzedElements = std::size_t{1} << 26;

explain::Values values_at(const CaseData& d, std::size_t b, std::size_t offset) {
  return {d.buffers[b].param->type, d.shm.data() + offset, d.buffers[b].count, d.buffers[b].dims};
}

// The analysis's view of output buffer b: what the solution wrote, the expected values, and every
// input (for an inout buffer, its own values before solve too).
explain::Mismatches mismatches_of(const CaseData& d, std::size_t b, const check::CompareOptions& opt) {
  const exec::BufferSlot& s = d.request.buffers[b];
  explain::Values want = values_at(d, b, 0);
  want.data = d.expected.at(s.name).data();
  explain::Mismatches m =
      explain::find_mismatches(s.name, values_at(d, b, s.result_offset), want, opt.tolerance, opt.detect_poison);
  for (std::size_t k = 0; k < d.request.buffers.size(); ++k) {
    const exec::BufferSlot& in = d.request.buffers[k];
    if (in.initial_offset == exec::kNone) continue;
    m.inputs.push_back({in.name, values_at(d, k, in.initial_offset)});
  }
  return m;
}

// The acceptance rule's view of the case (reference/reference.hpp): the scalars and the inputs as
// the runner read them (the host copies in the shared memory; an inout buffer's values before solve).
reference::Args accept_args(const DiagnoseContext& ctx, const CaseData& d) {
  std::map<std::string, reference::HostBuffer, std::less<>> bufs;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& s = d.request.buffers[b];
    if (s.initial_offset == exec::kNone) continue;
    bufs[s.name] = {const_cast<unsigned char*>(d.shm.data() + s.initial_offset), d.buffers[b].count,
                    spec::dtype_bytes(d.buffers[b].param->type), false};
  }
  return reference::Args(std::move(bufs), ctx.test->scalars);
}

void compare_outputs(TestResult& r, const DiagnoseContext& ctx, const CaseData& d) {
  // A challenge whose answer is not unique accepts other values than the reference's (the
  // performance case included: its final output is compared here like any other).
  const reference::AcceptFunction accept = reference::find_accept(ctx.challenge->slug);
  const std::optional<reference::Args> args = accept ? std::optional(accept_args(ctx, d)) : std::nullopt;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& s = d.request.buffers[b];
    if (s.result_offset == exec::kNone) continue;
    check::CompareOptions opt;
    opt.type = d.buffers[b].param->type;
    opt.tolerance = ctx.challenge->tolerance;
    opt.dims = d.buffers[b].dims;
    opt.detect_poison = exec::starts_poisoned(d.request, s) && !ctx.zero_filled;
    if (accept) opt.accept = [&](std::size_t i, double got) { return accept(*args, s.name, i, got); };
    if (auto it = d.samples.find(s.name); it != d.samples.end()) {
      opt.indices = &it->second;
      r.sampled += fmt::format("{}{}: {} of {} elements checked (sampled: edges, tile corners, {} at random)",
                               r.sampled.empty() ? "" : "; ", s.name, it->second.size(), d.buffers[b].count,
                               ctx.challenge->performance_random_samples);
    }
    const auto c = check::compare_buffer(s.name, d.shm.data() + s.result_offset, d.expected.at(s.name).data(),
                                         d.buffers[b].count, opt);
    r.checked_elements += c.compared;
    r.output_elements += d.buffers[b].count;
    if (c.ok()) continue;
    r.verdict = Verdict::WA;
    r.wrong_output = true;
    r.diagnosis = c.never_written == c.mismatches ? diagnosis::never_written : diagnosis::wrong_values;
    const std::string counts =
        c.never_written == c.mismatches
            ? fmt::format("{} of {} elements of {} were never written", c.mismatches, c.compared, s.name)
            : fmt::format("{} of {} elements of {} differ from the expected values", c.mismatches, c.compared, s.name);
    r.summary = counts;
    // A full comparison gets the analysis: the most specific pattern as the summary.
    if (!opt.indices && d.buffers[b].count <= kMaxAnalyzedElements) {
      auto m = mismatches_of(d, b, opt);
      m.reference_uses_exp = reference_uses_exp(*ctx.challenge);
      const explain::Finding f = explain::analyze(m);
      r.diagnosis = f.code;
      r.summary = f.sentence;
      r.evidence = f.evidence;
      r.where = explain::where_map(m);
      r.details.push_back(counts);
    }
    for (const check::Mismatch& m : c.first) {
      r.details.push_back(fmt::format("{}{}: got {}, expected {}{}", s.name, check::format_position(m.position),
                                      check::format_value(m.got, opt.type), check::format_value(m.want, opt.type),
                                      m.never_written ? " (never written)" : ""));
    }
    if (c.never_written && c.never_written < c.mismatches)
      r.details.push_back(fmt::format("{} of the differing elements were never written", c.never_written));
    if (spec::is_floating(opt.type) && c.max_abs_error > 0 && c.never_written < c.mismatches)
      r.details.push_back(fmt::format("max abs error {:.3g}, max rel error {:.3g} (atol {:g}, rtol {:g})",
                                      c.max_abs_error, c.max_rel_error, opt.tolerance.atol, opt.tolerance.rtol));
    return;  // the first wrong buffer is enough to explain the verdict
  }
}

Timing read_timing(const DiagnoseContext& ctx, const exec::TestRequest& req, const exec::TimingSamples& t) {
  Timing timing;
  const TimedResult chosen = choose_timed_result(t.event_ms, t.idle_start_ms);
  timing.events = chosen.events;
  timing.queued = chosen.queued;
  timing.idle_start = chosen.idle_start;
  timing.launch_latency_ms = chosen.launch_latency_ms;
  timing.timed_from = chosen.timed_from;
  timing.drift = chosen.drift;
  timing.trend_ms = chosen.trend_ms;
  timing.warmup_trend_ms = bench::window_medians(t.warmup_ms, kTrendWindows);
  timing.idle_after = bench::summarize(t.idle_after_ms);
  timing.overhead_ms = t.overhead_ms;
  timing.sampling_ms = t.sampling_ms;
  timing.timing_ms = t.timing_ms;
  timing.validation_ms = t.validation_ms;
  timing.validation_method = t.validation_method;
  timing.warmup_calls = t.warmup_calls;
  timing.stop_reason = t.stop_reason;
  timing.l2_flush = t.flush_method;
  timing.validated_samples = t.validated_samples;
  timing.alternate_inputs = req.alternate_inputs;
  if (t.clocks_before) timing.clocks["clocks_before"] = exec::to_json(*t.clocks_before);
  if (t.clocks_after) timing.clocks["clocks_after"] = exec::to_json(*t.clocks_after);
  const double seconds = timing.events.median_ms / 1000.0;
  if (seconds > 0 && ctx.challenge->work_bytes) {
    if (auto bytes = spec::evaluate(*ctx.challenge->work_bytes, ctx.test->scalars))
      timing.bandwidth_gbs = *bytes / seconds / 1e9;
  }
  if (seconds > 0 && ctx.challenge->work_flops) {
    if (auto flops = spec::evaluate(*ctx.challenge->work_flops, ctx.test->scalars); flops && *flops > 0)
      timing.gflops = *flops / seconds / 1e9;
  }
  if (ctx.peak_copy_gbs) {
    SpeedOfLight sol;
    sol.peak_copy_gbs = *ctx.peak_copy_gbs;
    sol.peak_fp32_gflops = ctx.peak_fp32_gflops;
    if (timing.bandwidth_gbs && sol.peak_copy_gbs > 0) sol.memory_fraction = *timing.bandwidth_gbs / sol.peak_copy_gbs;
    if (timing.gflops && sol.peak_fp32_gflops > 0) sol.compute_fraction = *timing.gflops / sol.peak_fp32_gflops;
    timing.speed_of_light = sol;
  }
  return timing;
}

// A timed run that cannot be trusted is rejected: wrong results on repeated calls, work that
// escaped the timed region, or a speed the hardware cannot deliver.
void check_timing(TestResult& r, const exec::TimingSamples& t, const Timing& timing) {
  if (t.validation_failure) {
    const exec::TimedCallFailure& v = *t.validation_failure;
    r.verdict = Verdict::WA;
    r.diagnosis = diagnosis::timed_call_wrong;
    r.summary = fmt::format("a timed call gave a wrong result (timed call {}, input set {})", v.sample + 1,
                            v.input_set == 0 ? "A" : "B");
    r.details.push_back(fmt::format("{}[{}]: got {}, expected {}{}; {} elements differ", v.buffer, v.index, v.got,
                                    v.want, v.never_written ? " (never written)" : "", v.mismatches));
    r.details.push_back("the first call was right: does solve skip or reuse work when it is called again?");
    return;
  }
  const double escaped_ms = timing.idle_after.median_ms - timing.overhead_ms;
  if (beyond_escape_threshold(escaped_ms, timing.events.median_ms)) {
    r.verdict = Verdict::WA;
    r.diagnosis = diagnosis::work_escaped_timing;
    r.summary = fmt::format("work continued after solve returned: the device stayed busy {} past the timed region",
                            util::format_duration_ms(escaped_ms));
    r.details.push_back(fmt::format("events {}; the device was idle {} after the stop event (an empty call: {})",
                                    util::format_duration_ms(timing.events.median_ms),
                                    util::format_duration_ms(timing.idle_after.median_ms),
                                    util::format_duration_ms(timing.overhead_ms)));
    r.details.push_back("launch on the default stream, or synchronize your streams before solve returns");
    return;
  }
  if (timing.speed_of_light && timing.speed_of_light->memory_fraction &&
      *timing.speed_of_light->memory_fraction > 1.2) {
    r.verdict = Verdict::WA;
    r.diagnosis = diagnosis::impossible_speed;
    r.summary = fmt::format(
        "suspicious timing: {:.0f} GB/s is {:.0f}% of the device's measured copy bandwidth ({:.0f} GB/s)",
        *timing.bandwidth_gbs, 100 * *timing.speed_of_light->memory_fraction, timing.speed_of_light->peak_copy_gbs);
    r.details.push_back("no solution can move the data that fast: is work skipped on repeated calls?");
  }
}

}  // namespace

TestResult diagnose(const DiagnoseContext& ctx, const CaseData& d, const exec::TestOutcome& o) {
  TestResult r;
  r.name = ctx.test->name;
  r.kind = ctx.test->kind;
  r.seed = ctx.test->seed;
  add_output(r, o);
  const exec::TestReply& reply = o.reply;
  if (o.end == exec::TestOutcome::End::done) r.solve_ms = reply.solve_ms;
  r.time_split.upload_ms = reply.upload_ms;
  r.time_split.download_ms = reply.inspect_ms;
  if (check_runner_end(r, ctx, o)) return r;
  if (!reply.guards.empty()) {
    r.verdict = Verdict::RTE;
    r.diagnosis = diagnosis::wrote_outside;
    r.summary = describe_guard(d, reply.guards[0]);
    for (std::size_t i = 1; i < reply.guards.size(); ++i) r.details.push_back(describe_guard(d, reply.guards[i]));
    return r;
  }
  if (o.output_bytes > ctx.output_cap_bytes) {
    r.verdict = Verdict::OLE;
    r.diagnosis = diagnosis::output_limit;
    r.summary = fmt::format("the solution printed {} bytes; the limit is {}", o.output_bytes, ctx.output_cap_bytes);
    return r;
  }
  if (!reply.modified.empty()) {
    const exec::InputChange& m = reply.modified[0];
    r.verdict = Verdict::WA;
    r.diagnosis = diagnosis::input_modified;
    r.summary = fmt::format("input {} was modified (first change at element {})", m.buffer, m.first_index);
    return r;
  }
  compare_outputs(r, ctx, d);
  if (survivable_error(o)) weigh_survivable_error(r, ctx, o);
  if (r.verdict == Verdict::AC && reply.timing) {
    r.timing = read_timing(ctx, d.request, *reply.timing);
    check_timing(r, *reply.timing, *r.timing);
  }
  return r;
}

bool diagnosis::is_known(std::string_view code) {
  static constexpr std::string_view kCodes[] = {
      // the judge's (above)
      timeout, process_died, cuda_error, context_misuse, refused_launch, out_of_memory, wrote_outside, output_limit,
      input_modified, never_written, wrong_values, reads_output_before_writing, race, timed_call_wrong,
      work_escaped_timing, impossible_speed,
      // the mismatch analysis's (judge/src/explain)
      "nothing_written", "unwritten_edge", "unwritten_tail", "unwritten_head", "unwritten_blocks", "unwritten_strided",
      "nan_or_inf", "left_unchanged", "wrote_zeros", "one_value", "values_misplaced", "input_copied",
      "input_values_misplaced", "wrong_sign", "constant_factor", "constant_offset", "precision",
      "wrong_at_tile_positions"};
  return std::find(std::begin(kCodes), std::end(kCodes), code) != std::end(kCodes);
}

bool failed_on_output_values(const TestResult& r) {
  return r.verdict == Verdict::WA && r.wrong_output;
}

// Which output, and whether its values are the fill value plus the expected ones: the signature
// of `output[i] += ...` or atomicAdd into memory that was never cleared.
OutputEvidence output_evidence(const CaseData& d) {
  std::string buffer = "the output";
  std::string relation;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& s = d.request.buffers[b];
    if (s.role != spec::Role::out) continue;
    buffer = s.name;
    const unsigned char* got = d.shm.data() + s.result_offset;
    const unsigned char* want = d.expected.at(s.name).data();
    std::vector<unsigned char> fill(s.element_bytes);
    util::fill_poison(fill.data(), s.element_bytes, s.element_bytes);
    const auto type = d.buffers[b].param->type;
    if (type == spec::DType::int32 || type == spec::DType::uint32) {
      std::uint32_t f = 0;
      std::memcpy(&f, fill.data(), 4);
      std::size_t offset_matches = 0, differing = 0;
      for (std::size_t i = 0; i < d.buffers[b].count; ++i) {
        std::uint32_t g = 0, w = 0;
        std::memcpy(&g, got + 4 * i, 4);
        std::memcpy(&w, want + 4 * i, 4);
        if (g == w) continue;
        ++differing;
        if (g == f + w) ++offset_matches;
      }
      if (differing && offset_matches == differing)
        relation = fmt::format("every wrong value of {} is the fill value ({}) plus the expected value", s.name,
                               static_cast<std::int32_t>(f));
    } else if (type == spec::DType::float32) {
      std::size_t nans = 0, differing = 0;
      for (std::size_t i = 0; i < d.buffers[b].count; ++i) {
        float g = 0, w = 0;
        std::memcpy(&g, got + 4 * i, 4);
        std::memcpy(&w, want + 4 * i, 4);
        if (g == w) continue;
        ++differing;
        if (std::isnan(g) && !std::isnan(w)) ++nans;
      }
      if (differing && nans == differing)
        relation = fmt::format("every wrong value of {} is NaN: the fill value is NaN, and NaN plus anything stays NaN",
                               s.name);
    }
    break;
  }
  return {buffer, relation};
}

bool only_never_written(const TestResult& r) {
  return r.diagnosis == diagnosis::never_written || r.diagnosis == "nothing_written" ||
         r.diagnosis.starts_with("unwritten_");
}

void explain_zero_fill_pass(TestResult& r, const OutputEvidence& e) {
  if (only_never_written(r)) {
    // They look untouched: never written, or only combined into (an atomicMax into the marker
    // leaves it as it is). Keep where they are, and say what zeroed memory hides.
    r.details.insert(r.details.begin(),
                     fmt::format("with outputs starting at zero every value is right: solve relies on zeroed memory "
                                 "for these elements of {} (it never writes them, or only combines into them, as "
                                 "an atomicMax or atomicAdd does); write or clear them first (LeetGPU's harness "
                                 "usually hands over zeroed memory, so it may accept this file there; --fill zero "
                                 "runs every test that way)",
                                 e.buffer));
    return;
  }
  const std::string& buffer = e.buffer;
  const std::string& relation = e.relation;
  r.diagnosis = diagnosis::reads_output_before_writing;
  std::vector<std::string> lead;
  if (!relation.empty()) lead.push_back(relation);
  lead.push_back(r.summary +
                 " (outputs filled with the judge's marker); with outputs starting at zero every value is "
                 "right");
  lead.push_back(fmt::format(
      "clear {} in solve first (cudaMemset, or a kernel that writes every element), then add into it", buffer));
  lead.push_back(
      "LeetGPU's harness usually hands over zeroed memory, so it may accept this file there; --fill zero runs every "
      "test that way");
  r.details.insert(r.details.begin(), lead.begin(), lead.end());
  r.summary =
      fmt::format("solve reads or accumulates into {} before writing it: the test passes only when {} starts at zero",
                  buffer, buffer);
}

std::vector<std::vector<unsigned char>> output_bytes(const CaseData& d) {
  std::vector<std::vector<unsigned char>> out;
  for (const exec::BufferSlot& s : d.request.buffers) {
    if (s.result_offset == exec::kNone) continue;
    const unsigned char* p = d.shm.data() + s.result_offset;
    out.emplace_back(p, p + s.bytes);
  }
  return out;
}

std::optional<RunDifference> compare_runs(const CaseData& d, const std::vector<std::vector<unsigned char>>& first,
                                          const spec::Tolerance& tolerance) {
  std::size_t k = 0;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& s = d.request.buffers[b];
    if (s.result_offset == exec::kNone) continue;
    const explain::Values before{d.buffers[b].param->type, first[k++].data(), d.buffers[b].count, {}};
    const explain::Values now = values_at(d, b, s.result_offset);
    const bool floating = spec::is_floating(before.type);
    RunDifference diff{s.name, 0, 0};
    for (std::size_t i = 0; i < before.count; ++i) {
      if (check::agrees(now[i], before[i], tolerance, floating)) continue;
      if (diff.elements++ == 0) diff.first_index = i;
    }
    if (diff.elements) return diff;
  }
  return std::nullopt;
}

void explain_race(TestResult& r, const RunDifference& d) {
  r.details.insert(r.details.begin(), "first run: " + r.summary);
  r.diagnosis = diagnosis::race;
  r.summary = fmt::format(
      "{} changes from run to run: the same test run again gave {} different element{} (the first at index {}), so "
      "threads race (a missing __syncthreads, or blocks that read what other blocks write); --sanitize racecheck "
      "names the accesses",
      d.buffer, d.elements, d.elements == 1 ? "" : "s", d.first_index);
  r.evidence["race_differing_elements"] = d.elements;
}

}  // namespace judge::judging
