// A test that failed on its output values runs again in the same runner, to explain it better:
// first exactly as before (different outputs mean a race), then with outputs starting at zero (if
// it then passes, solve reads its output before writing it). The verdict never changes.
#pragma once

#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/diagnose.hpp"
#include "judging/result.hpp"

namespace judge::judging {

// Outputs start as zeros (--fill zero, and the second re-run): the request says so and the
// out buffers in the shared memory are cleared.
void zero_outputs(CaseData& data);

// Runs `data` again as above and adds what it shows to `tr` (explain_race, or
// explain_zero_fill_pass). `ctx` is the failed run's; `limit_ms` its limit for one call.
void rerun_wrong_answer(TestResult& tr, exec::Runner& runner, CaseData& data, DiagnoseContext ctx, int limit_ms);

}  // namespace judge::judging
