#include "judging/clearer_test.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <limits>
#include <string_view>

#include "check/compare.hpp"
#include "explain/consistency.hpp"
#include "judging/diagnose.hpp"

namespace judge::judging {
namespace {

// Extra tests larger than these are skipped: their data and CPU reference alone could spend the
// budget (a cached case loads quickly, but whether it is cached is not known before).
constexpr double kMaxExtraBytes = 256.0 * (1 << 20);
constexpr double kMaxExtraFlops = 4e9;

// The mismatch analysis's relations between wrong and expected values (docs/diagnoses.md): they
// rest on the wrong elements they were checked on, so few of those make them only a hint.
bool is_value_relation(std::string_view code) {
  static constexpr std::string_view kRelations[] = {
      "left_unchanged",         "wrote_zeros", "one_value",       "values_misplaced", "input_copied",
      "input_values_misplaced", "wrong_sign",  "constant_factor", "constant_offset",  "precision"};
  return std::find(std::begin(kRelations), std::end(kRelations), code) != std::end(kRelations);
}

// How many wrong elements a relation was checked on (its evidence's count).
std::size_t relation_elements(const TestResult& r) {
  return r.evidence.is_object() ? r.evidence.value("count", std::size_t{0}) : 0;
}

bool failed_on_values(const TestResult& r) {
  return r.verdict == Verdict::WA && r.wrong_output;
}

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

bool too_large(const spec::Challenge& c, const spec::TestCase& tc) {
  double bytes = 0;
  for (const spec::Param& p : c.params) {
    if (!p.pointer) continue;
    auto dims = spec::buffer_dims(p, tc.scalars);
    if (!dims) return true;
    double count = 1;
    for (std::int64_t d : *dims) count *= static_cast<double>(d);
    bytes += count * static_cast<double>(spec::dtype_bytes(p.type));
  }
  if (bytes > kMaxExtraBytes) return true;
  if (c.work_flops)
    if (auto flops = spec::evaluate(*c.work_flops, tc.scalars); flops && static_cast<double>(*flops) > kMaxExtraFlops)
      return true;
  return false;
}

// Runs the example and functional cases after `first` on the runner, for their diagnoses only,
// until one is clear enough to cite.
std::vector<TestResult> run_later_tests(const ClearerSearch& s, const TestResult& first,
                                        const explain::Mismatches* own) {
  const std::string& failed = first.name;
  std::vector<TestResult> out;
  const auto began = Clock::now();
  PrepareOptions prep = s.prep;
  prep.on_step = nullptr;
  bool past = false;
  for (const spec::TestCase& tc : s.suite->cases) {
    if (tc.name == failed) {
      past = true;
      continue;
    }
    if (!past || tc.kind == spec::CaseKind::performance || too_large(*s.challenge, tc)) continue;
    const double left_ms = s.budget_ms - ms_since(began);
    if (left_ms <= 0 || !s.runner->alive()) break;
    auto data = prepare_case(*s.challenge, tc, *s.binding, prep);
    if (!data) continue;
    if (s.zero_fill) {
      data->request.zero_fill = true;
      for (const exec::BufferSlot& b : data->request.buffers)
        if (b.role == spec::Role::out) std::memset(data->shm.data() + b.result_offset, 0, b.bytes);
    }
    // A solve that hangs costs the budget, not the test's own limit.
    const int case_limit = tc.time_limit_ms ? tc.time_limit_ms : s.challenge->time_limit_ms;
    const int limit_ms = std::min(case_limit, std::max(250, static_cast<int>(s.budget_ms - ms_since(began))));
    GpuGate::Use use = GpuGate::share(s.gpu_gate);
    const exec::TestOutcome outcome = s.runner->run(data->request, data->shm, limit_ms);
    use.release();
    DiagnoseContext ctx{s.challenge, &tc, limit_ms, s.output_cap_bytes};
    ctx.zero_filled = s.zero_fill;
    ctx.strict = s.strict;
    out.push_back(diagnose(ctx, *data, outcome));
    if (evidence_strength(out.back()) == 2 && clearest_test(first, {&out.back()}, own)) break;
  }
  return out;
}

}  // namespace

int evidence_strength(const TestResult& r) {
  if (!failed_on_values(r)) return 0;
  const std::string& code = r.diagnosis;
  if (code == diagnosis::wrong_values) return r.evidence.contains("terms") ? 2 : 0;  // terms: explain/reduction
  if (is_value_relation(code)) return relation_elements(r) >= kClearElements ? 2 : 1;
  if (code == "wrong_at_tile_positions") return 2;
  return 0;  // NaN/Inf, never-written patterns, a race...: other symptoms than the wrong values
}

bool wants_clearer_test(const TestResult& first) {
  if (!failed_on_values(first)) return false;
  if (first.diagnosis == diagnosis::wrong_values) return !first.evidence.contains("terms");
  return is_value_relation(first.diagnosis) && relation_elements(first) < kClearElements;
}

const TestResult* clearest_test(const TestResult& first, const std::vector<const TestResult*>& later,
                                const explain::Mismatches* first_output) {
  const TestResult* best = nullptr;
  int best_strength = evidence_strength(first);
  const bool confirm_only = is_value_relation(first.diagnosis);
  for (const TestResult* t : later) {
    const int s = evidence_strength(*t);
    if (s <= best_strength || (confirm_only && t->diagnosis != first.diagnosis)) continue;
    if (first_output && !explain::relation_holds({t->diagnosis, t->summary, t->evidence}, *first_output)) continue;
    best = t, best_strength = s;
  }
  return best;
}

std::unique_ptr<RecordedOutput> recorded_output(const TestResult& r, const spec::Tolerance& tol) {
  if (!r.evidence.is_object() || !r.evidence.contains("output")) return nullptr;
  const nlohmann::ordered_json& o = r.evidence["output"];
  auto out = std::make_unique<RecordedOutput>();
  const auto read = [](const nlohmann::ordered_json& a, std::vector<float>& v) {
    for (const auto& x : a) v.push_back(x.is_number() ? x.get<float>() : std::numeric_limits<float>::quiet_NaN());
  };
  read(o.value("got", nlohmann::ordered_json::array()), out->got);
  read(o.value("want", nlohmann::ordered_json::array()), out->want);
  if (out->got.empty() || out->got.size() != out->want.size()) return nullptr;
  const std::vector<bool> unwritten = o.value("unwritten", std::vector<bool>(out->got.size(), false));
  explain::Mismatches& m = out->mismatches;
  m.buffer = o.value("buffer", std::string("output"));
  const auto dims = o.value("dims", std::vector<std::int64_t>{});
  m.got = {spec::DType::float32, out->got.data(), out->got.size(), dims};
  m.want = {spec::DType::float32, out->want.data(), out->want.size(), dims};
  m.tolerance = tol;
  m.cells.assign(out->got.size(), explain::Cell::right);
  for (std::size_t i = 0; i < out->got.size(); ++i) {
    if (i < unwritten.size() && unwritten[i]) {
      m.cells[i] = explain::Cell::unwritten;
      ++m.unwritten;
    } else if (!check::agrees(out->got[i], out->want[i], tol, true)) {
      m.cells[i] = explain::Cell::wrong;
      ++m.wrong;
    }
  }
  return out;
}

void cite_clearer_test(TestResult& first, const TestResult& clearer) {
  first.details.insert(first.details.begin(), "this test: " + first.summary);
  first.summary = fmt::format("test {} shows {}: {}", clearer.name,
                              evidence_strength(clearer) == 2 ? "it clearly" : "more", clearer.summary);
  nlohmann::ordered_json evidence = clearer.evidence;
  evidence["shown_by"] = clearer.name;
  evidence["this_test"] = {{"diagnosis", first.diagnosis}, {"evidence", first.evidence}};
  first.evidence = std::move(evidence);
  first.diagnosis = clearer.diagnosis;
}

double explain_with_clearer_test(RunResult& result, const ClearerSearch& s) {
  const auto first = std::find_if(result.tests.begin(), result.tests.end(),
                                  [](const TestResult& t) { return t.verdict != Verdict::AC; });
  if (first == result.tests.end() || !wants_clearer_test(*first)) return 0;
  const auto began = Clock::now();
  const std::unique_ptr<RecordedOutput> recorded = recorded_output(*first, s.challenge->tolerance);
  const explain::Mismatches* own = recorded ? &recorded->mismatches : nullptr;
  std::vector<TestResult> extra;
  std::vector<const TestResult*> later;
  if (s.keep_going) {
    for (auto it = first + 1; it != result.tests.end(); ++it) later.push_back(&*it);
  } else if (s.runner && s.runner->alive()) {
    extra = run_later_tests(s, *first, own);
    for (const TestResult& t : extra) later.push_back(&t);
  }
  if (const TestResult* clearer = clearest_test(*first, later, own)) cite_clearer_test(*first, *clearer);
  return extra.empty() ? 0 : ms_since(began);
}

}  // namespace judge::judging
