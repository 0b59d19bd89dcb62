// The first failed test is often the smallest, where a bug leaves too few wrong elements to show
// its pattern (an output shifted by one on 4 elements reads as 4 wrong values). When its diagnosis
// says little, a later failing test usually shows the same bug clearly: these pick the clearest
// and cite it in the first failed test's explanation ("test n-1000 shows it clearly: ...").
// Verdicts never change, and no row is added: without --keep-going the extra tests run only for
// their evidence, within a small time budget, and never the performance case.
#pragma once

#include <memory>
#include <vector>

#include "compile/binding.hpp"
#include "exec/runner.hpp"
#include "explain/mismatch.hpp"
#include "judging/case_data.hpp"
#include "judging/gpu_gate.hpp"
#include "judging/result.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::judging {

// A relation that rests on fewer wrong elements than this is only a hint.
inline constexpr std::size_t kClearElements = 4;

// How much a test's diagnosis says about its wrong values: 0 nothing specific (`wrong_values` with
// counts or values; never-written patterns and races, which are about other things; not a wrong
// output), 1 a relation resting on fewer than kClearElements elements, 2 a clear pattern (a
// relation on more, tile positions, a sum off by its end terms). NaN or Inf counts 0 here: a later
// test's special values (inf - inf) are another symptom, not a clearer view of finite wrong values.
int evidence_strength(const TestResult& r);

// Whether `first` (the first failed test) has wrong values its diagnosis says little about: the
// generic `wrong_values`, or a relation on fewer than kClearElements elements. Never-written
// patterns say where, and are not searched further.
bool wants_clearer_test(const TestResult& first);

// Of `later` (tests after `first`), the one to cite: the earliest of the strongest failed ones,
// when it is stronger than `first`, and does not contradict it: a weak relation of `first` is
// only confirmed (the same code), and with `first_output` (the first test's own output, which the
// analysis records for a tiny one: recorded_output) the cited relation must hold on its wrong
// elements too (explain/consistency.hpp). Null otherwise.
const TestResult* clearest_test(const TestResult& first, const std::vector<const TestResult*>& later,
                                const explain::Mismatches* first_output = nullptr);

// The output the analysis recorded in `r`'s evidence ("output": a tiny output's values, explain/
// analyze.hpp), compared again with `tol`; null when there is none.
struct RecordedOutput {
  std::vector<float> got, want;    // as float: the outputs this is kept for are float, half or small integers
  explain::Mismatches mismatches;  // views of got and want
};
std::unique_ptr<RecordedOutput> recorded_output(const TestResult& r, const spec::Tolerance& tol);

// Leads `first`'s explanation with `clearer`'s, naming the test: its code, summary and evidence
// (with "shown_by"), and keeps what `first` itself showed as a detail and in the evidence.
void cite_clearer_test(TestResult& first, const TestResult& clearer);

// What judge_artifact's loop hands over once its tests have run.
struct ClearerSearch {
  const spec::Challenge* challenge = nullptr;
  const spec::TestSuite* suite = nullptr;
  const compile::Binding* binding = nullptr;
  PrepareOptions prep;             // its on_step is not called: the extra tests are not shown
  exec::Runner* runner = nullptr;  // alive, with the judged build loaded; null: run nothing more
  std::size_t output_cap_bytes = 0;
  bool keep_going = false;  // every selected test ran: pick among them, run nothing
  bool zero_fill = false;
  bool strict = false;
  GpuGate* gpu_gate = nullptr;
  double budget_ms = 2000;  // preparing and running extra tests stops starting new ones after this
};

// When the first failed test of `result` says little: picks a clearer later test (run with
// --keep-going, or run now: the example and functional cases after it, small ones only, until one
// is clear or the budget is spent) and cites it. Returns the milliseconds spent running tests.
double explain_with_clearer_test(RunResult& result, const ClearerSearch& search);

}  // namespace judge::judging
