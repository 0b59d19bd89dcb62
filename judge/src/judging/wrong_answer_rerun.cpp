#include "judging/wrong_answer_rerun.hpp"

#include <cstring>

namespace judge::judging {
namespace {

void poison_outputs(CaseData& d) {
  for (const exec::BufferSlot& s : d.request.buffers)
    if (s.role == spec::Role::out) exec::fill_output_start(d.request, s, d.shm.data() + s.result_offset);
}

}  // namespace

void zero_outputs(CaseData& d) {
  d.request.zero_fill = true;
  for (const exec::BufferSlot& s : d.request.buffers)
    if (s.role == spec::Role::out) std::memset(d.shm.data() + s.result_offset, 0, s.bytes);
}

void rerun_wrong_answer(TestResult& tr, exec::Runner& runner, CaseData& data, DiagnoseContext ctx, int limit_ms) {
  const OutputEvidence evidence = output_evidence(data);
  const auto first = output_bytes(data);
  data.request.performance = false;  // correctness checks only
  poison_outputs(data);
  const exec::TestOutcome same = runner.run(data.request, data.shm, limit_ms);
  if (same.end == exec::TestOutcome::End::done && !same.reply.cuda_error && runner.alive()) {
    if (auto d = compare_runs(data, first, ctx.challenge->tolerance)) {
      explain_race(tr, *d);
      return;
    }
  }
  if (!runner.alive()) return;
  zero_outputs(data);
  const exec::TestOutcome again = runner.run(data.request, data.shm, limit_ms);
  ctx.zero_filled = true;
  const TestResult second = diagnose(ctx, data, again);
  if (second.verdict == Verdict::AC) explain_zero_fill_pass(tr, evidence);
}

}  // namespace judge::judging
