#include "report/printers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "judging/timed_result.hpp"
#include "report/optional_json.hpp"
#include "report/profile_report.hpp"
#include "report/ranking.hpp"
#include "util/terminal.hpp"
#include "version.hpp"

namespace judge::report {
namespace {

using judging::Verdict;
using util::Color;

Color verdict_color(Verdict v) {
  if (v == Verdict::AC) return Color::green;
  if (v == Verdict::JE) return Color::yellow;
  return Color::red;
}

std::string device_line(const nlohmann::json& d) {
  if (d.is_null()) return "no GPU";
  return fmt::format("{} (sm_{}{})", d.value("name", "?"), d.value("cc_major", 0), d.value("cc_minor", 0));
}

// "time 1.9 s: compile 0.1 s, data 0.4 s, ..." (seconds: these are a person's waiting times).
std::string time_split_line(const judging::TimeSplit& s) {
  std::string line = fmt::format(
      "time {:.1f} s: compile {:.1f} s, data {:.1f} s, functional {:.1f} s, sampling {:.1f} s, "
      "validation {:.2f} s",
      s.total_ms / 1000, s.compile_ms / 1000, s.data_ms / 1000, s.functional_ms / 1000, s.sampling_ms / 1000,
      s.validation_ms / 1000);
  if (s.profile_ms > 0) line += fmt::format(", profile {:.1f} s", s.profile_ms / 1000);
  return line;
}

std::string timing_line(const judging::Timing& t) {
  return fmt::format("median {}  min {}  spread {:.1f}%  noise {:.2f}%  n={}", format_duration_ms(t.events.median_ms),
                     format_duration_ms(t.events.min_ms), 100 * t.events.spread(), 100 * t.events.noise, t.events.n);
}

// The lines under a timed test: rates, speed-of-light, ranking, and how the measurement went.
void render_timing(std::string& out, const judging::Timing& t, bool color, BarStyle bars) {
  const std::string pad = "       ";
  std::string rates;
  if (t.bandwidth_gbs) rates += fmt::format("{:.0f} GB/s", *t.bandwidth_gbs);
  if (t.gflops) rates += fmt::format("{}{:.1f} GFLOP/s", rates.empty() ? "" : ", ", *t.gflops);
  if (t.speed_of_light) {
    const auto& sol = *t.speed_of_light;
    rates += fmt::format("{}{:.0f}% of speed-of-light ({}-bound; device copy {:.0f} GB/s", rates.empty() ? "" : " · ",
                         100 * sol.fraction(), sol.bound(), sol.peak_copy_gbs);
    if (sol.peak_fp32_gflops > 0) rates += fmt::format(", FP32 peak {:.1f} TFLOP/s", sol.peak_fp32_gflops / 1000);
    rates += ")";
  }
  if (!rates.empty()) out += pad + rates + "\n";
  if (t.ranking) {
    out += ranking_text(*t.ranking, pad, color, bars);
  } else if (!t.ranking_note.empty()) {
    out += pad + t.ranking_note + "\n";
  }
  std::string how = fmt::format("stopped: {}; {} timed calls validated", t.stop_reason, t.validated_samples);
  how += t.alternate_inputs ? "; inputs alternated between 2 sets" : "; one input set";
  if (!t.engine.empty()) how += "; timed build: " + t.engine;
  if (!t.l2_flush.empty()) how += "; L2 flush: " + t.l2_flush;
  if (t.clocks.contains("clocks_after")) {
    how += fmt::format("; SM {} MHz", t.clocks["clocks_after"].value("sm_mhz", 0));
    if (t.clocks["clocks_after"].value("throttled", false)) how += " (throttled!)";
  }
  out += util::paint(pad + how, Color::dim, color) + "\n";
  if (!t.engine_note.empty()) out += util::paint(pad + t.engine_note, Color::yellow, color) + "\n";
  if (t.launch_latency_ms) {
    const std::string launch =
        t.timed_from == "queued"
            ? fmt::format("timed behind the L2 flush; started on an idle device, calls took {} more (launch latency)",
                          format_duration_ms(*t.launch_latency_ms))
            : fmt::format(
                  "timed from an idle device: queued calls were {} faster, so solve's work did not wait for "
                  "the timing (host work before the first launch, or a non-blocking stream?)",
                  format_duration_ms(*t.launch_latency_ms));
    out += util::paint(pad + launch, Color::dim, color) + "\n";
  }
  if (t.drift && judging::drift_is_notable(*t.drift)) {
    const std::string drift = fmt::format(
        "the device's speed changed while sampling: the second half of the calls was {:.1f}% {} than the first "
        "(clocks, temperature or other work on the GPU?); judge again before comparing",
        100 * std::abs(*t.drift), *t.drift > 0 ? "slower" : "faster");
    out += util::paint(pad + drift, Color::yellow, color) + "\n";
  }
}

void render_test(std::string& out, const judging::TestResult& t, bool color, BarStyle bars,
                 std::vector<std::string>& seen_warnings, std::size_t& repeated_warnings) {
  const std::string code = fmt::format("{:<4}", judging::verdict_code(t.verdict));
  std::string line = fmt::format("  {} {:<28}", util::paint(code, verdict_color(t.verdict), color), t.name);
  if (t.timing) {
    line += timing_line(*t.timing);
  } else if (t.solve_ms && t.verdict == Verdict::AC) {
    line += util::paint(format_duration_ms(*t.solve_ms), Color::dim, color);
  }
  out += line + "\n";
  if (!t.beyond_spec.empty() && !t.excused)
    out += util::paint("       past the statement's limits (" + t.beyond_spec +
                           "): a failure here does not reject (--strict rejects)",
                       Color::dim, color) +
           "\n";
  if (t.timing && t.verdict == Verdict::AC) render_timing(out, *t.timing, color, bars);
  if (!t.sampled.empty()) out += util::paint("       " + t.sampled, Color::dim, color) + "\n";
  if (!t.summary.empty()) out += "       " + t.summary + "\n";
  for (const std::string& d : t.details) out += "       " + d + "\n";
  if (!t.where.empty()) {
    out += "       where:\n";
    for (const std::string& w : t.where) out += "         " + w + "\n";
  }
  for (const std::string& w : t.warnings) {
    // The same warning on every test (a refused launch solve always makes) is shown once, and
    // counted at the end of the run.
    if (std::find(seen_warnings.begin(), seen_warnings.end(), w) != seen_warnings.end()) {
      ++repeated_warnings;
      continue;
    }
    out += util::paint("       warning: " + w, Color::yellow, color) + "\n";
    seen_warnings.push_back(w);
  }
  if (t.verdict != Verdict::AC) {
    out += util::paint(fmt::format("       test '{}' ({}), seed {}", t.name, spec::case_kind_name(t.kind), t.seed),
                       Color::dim, color) +
           "\n";
    if (!t.output.empty()) {
      std::string shown = t.output.size() > 2000 ? t.output.substr(0, 2000) + "\n..." : t.output;
      out += "       output of the solution:\n";
      for (std::size_t pos = 0; pos < shown.size();) {
        const std::size_t nl = shown.find('\n', pos);
        out += "       | " + shown.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos) + "\n";
        if (nl == std::string::npos) break;
        pos = nl + 1;
      }
    }
  }
}

nlohmann::ordered_json timing_json(const judging::Timing& t) {
  nlohmann::ordered_json tj;
  tj["events"] = bench::to_json(t.events);
  tj["timed_from"] = t.timed_from;
  tj["queued"] = bench::to_json(t.queued);
  tj["idle_start"] = t.idle_start ? nlohmann::ordered_json(bench::to_json(*t.idle_start)) : nlohmann::ordered_json();
  tj["launch_latency_ms"] = optional_json(t.launch_latency_ms);
  tj["drift"] = optional_json(t.drift);
  tj["trend_ms"] = t.trend_ms;
  tj["warmup_trend_ms"] = t.warmup_trend_ms;
  tj["idle_after"] = bench::to_json(t.idle_after);
  tj["overhead_ms"] = t.overhead_ms;
  tj["sampling_ms"] = t.sampling_ms;
  tj["timing_ms"] = t.timing_ms;
  tj["validation_ms"] = t.validation_ms;
  tj["validation_method"] = t.validation_method;
  tj["warmup_calls"] = t.warmup_calls;
  tj["stop_reason"] = t.stop_reason;
  tj["engine"] = t.engine;
  tj["engine_note"] = t.engine_note;
  tj["l2_flush"] = t.l2_flush;
  tj["validated_samples"] = t.validated_samples;
  tj["alternate_inputs"] = t.alternate_inputs;
  tj["clocks"] = t.clocks.is_null() ? nlohmann::ordered_json() : nlohmann::ordered_json::parse(t.clocks.dump());
  tj["bandwidth_gbs"] = optional_json(t.bandwidth_gbs);
  tj["gflops"] = optional_json(t.gflops);
  if (t.speed_of_light) {
    const auto& sol = *t.speed_of_light;
    nlohmann::ordered_json s;
    s["fraction"] = sol.fraction();
    s["bound"] = sol.bound();
    s["memory_fraction"] = optional_json(sol.memory_fraction);
    s["compute_fraction"] = optional_json(sol.compute_fraction);
    s["peak_copy_gbs"] = sol.peak_copy_gbs;
    s["peak_fp32_gflops"] = sol.peak_fp32_gflops;
    tj["speed_of_light"] = s;
  } else {
    tj["speed_of_light"] = nullptr;
  }
  tj["case_key"] = t.case_key;
  tj["ranking"] = t.ranking ? ranking_json(*t.ranking) : nlohmann::ordered_json();
  tj["ranking_note"] = t.ranking_note;
  tj["ranking_reason"] = t.ranking_reason.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(t.ranking_reason);
  return tj;
}

nlohmann::ordered_json test_json(const judging::TestResult& t) {
  nlohmann::ordered_json j;
  j["name"] = t.name;
  j["kind"] = spec::case_kind_name(t.kind);
  j["verdict"] = judging::verdict_code(t.verdict);
  j["summary"] = t.summary;
  j["details"] = t.details;
  j["diagnosis"] = t.diagnosis.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(t.diagnosis);
  if (!t.evidence.is_null()) j["evidence"] = t.evidence;
  j["warnings"] = t.warnings;
  j["seed"] = t.seed;
  j["solve_ms"] = t.solve_ms ? nlohmann::ordered_json(*t.solve_ms) : nlohmann::ordered_json();
  j["sampled"] = t.sampled;
  j["checked"] = {{"elements", t.checked_elements}, {"of", t.output_elements}};
  if (t.timing) j["timing"] = timing_json(*t.timing);
  j["time_split"] = {{"data_ms", t.time_split.data_ms},
                     {"upload_ms", t.time_split.upload_ms},
                     {"download_ms", t.time_split.download_ms},
                     {"check_ms", t.time_split.check_ms},
                     {"total_ms", t.time_split.total_ms}};
  j["output"] = t.output;
  j["output_truncated"] = t.output_truncated;
  j["beyond_spec"] = t.beyond_spec.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(t.beyond_spec);
  j["excused_verdict"] =
      t.excused ? nlohmann::ordered_json(judging::verdict_code(*t.excused)) : nlohmann::ordered_json();
  if (t.timing) j["ranks"] = t.ranks;
  return j;
}

}  // namespace

std::string render_text(const judging::RunResult& r, bool color, BarStyle bars) {
  std::string out = util::paint(fmt::format("{} · {}", r.challenge, r.source), Color::bold, color);
  if (!r.compile.engine.empty())
    out += fmt::format(" · {} {}{}", r.compile.engine, r.compile.arch, r.compile.cached ? " (cached)" : "");
  out += fmt::format(" · {}\n", device_line(r.device));
  if (!r.compile.note.empty()) out += fmt::format("note: {}\n", r.compile.note);
  for (const std::string& n : r.notes) out += fmt::format("note: {}\n", n);
  if (!r.sanitizer.empty())
    out += fmt::format("sanitizer: compute-sanitizer --tool {}{}\n", r.sanitizer,
                       r.sanitizer_note.empty() ? "" : "; " + r.sanitizer_note);
  if (r.tests.empty() && !r.summary.empty()) {
    out += util::paint(fmt::format("{} ({})", judging::verdict_code(r.verdict), judging::verdict_meaning(r.verdict)),
                       verdict_color(r.verdict), color) +
           "\n";
    out += r.summary + (r.summary.ends_with('\n') ? "" : "\n");
    return out;
  }
  std::size_t passed = 0;
  std::vector<std::string> seen_warnings;
  std::size_t repeated_warnings = 0;
  for (const judging::TestResult& t : r.tests) {
    render_test(out, t, color, bars, seen_warnings, repeated_warnings);
    passed += t.verdict == Verdict::AC;
  }
  if (repeated_warnings)
    out += util::paint(fmt::format("warning: {} more test{} raised the same warning as above", repeated_warnings,
                                   repeated_warnings == 1 ? "" : "s"),
                       Color::yellow, color) +
           "\n";
  if (!r.summary.empty()) out += r.summary + "\n";
  if (r.profile) out += profile_text(*r.profile, color, bars);
  std::string tail = fmt::format("{} ({}): {}/{} tests passed", judging::verdict_code(r.verdict),
                                 judging::verdict_meaning(r.verdict), passed, r.tests_selected);
  if (r.tests.size() < r.tests_selected)
    tail += fmt::format(", {} not run (stopped at the first failure; --keep-going runs all)",
                        r.tests_selected - r.tests.size());
  out += util::paint(tail, verdict_color(r.verdict), color) + "\n";
  if (r.time_split.total_ms > 0) out += util::paint(time_split_line(r.time_split), Color::dim, color) + "\n";
  return out;
}

nlohmann::ordered_json render_json(const judging::RunResult& r) {
  nlohmann::ordered_json j;
  j["format"] = kRunFormat;
  j["judge_version"] = kJudgeVersion;
  j["challenge"] = r.challenge;
  j["source"] = r.source;
  j["verdict"] = judging::verdict_code(r.verdict);
  j["summary"] = r.summary;
  j["notes"] = r.notes;
  nlohmann::ordered_json c;
  c["engine"] = r.compile.engine;
  c["arch"] = r.compile.arch;
  c["cached"] = r.compile.cached;
  c["compile_ms"] = r.compile.compile_ms;
  c["log"] = r.compile.log;
  c["note"] = r.compile.note;
  j["compile"] = c;
  j["device"] = r.device;
  if (!r.sanitizer.empty()) j["sanitizer"] = {{"tool", r.sanitizer}, {"note", r.sanitizer_note}};
  j["tests_selected"] = r.tests_selected;
  j["tests"] = nlohmann::ordered_json::array();
  for (const judging::TestResult& t : r.tests) j["tests"].push_back(test_json(t));
  const judging::TimeSplit& s = r.time_split;
  j["time_split"] = {{"compile_ms", s.compile_ms},
                     {"data_ms", s.data_ms},
                     {"functional_ms", s.functional_ms},
                     {"sampling_ms", s.sampling_ms},
                     {"validation_ms", s.validation_ms},
                     {"profile_ms", s.profile_ms},
                     {"total_ms", s.total_ms}};
  if (r.profile) j["profile"] = profile_json(*r.profile);
  return j;
}

}  // namespace judge::report
