// Verdicts (ICPC CCS identifiers) and the judge's exit codes. Explicit values: both are
// persisted in reports and scripts.
#pragma once

#include <optional>
#include <string_view>

namespace judge::judging {

enum class Verdict : int {
  AC = 0,   // accepted
  WA = 1,   // wrong answer
  TLE = 2,  // time limit exceeded
  RTE = 3,  // run-time error
  CE = 4,   // compile error
  OLE = 5,  // output limit exceeded
  MLE = 6,  // device out of memory
  JE = 7,   // judge error: the judge's fault, not the solution's
};

std::string_view verdict_code(Verdict v);     // "AC"
std::string_view verdict_meaning(Verdict v);  // "accepted"
std::optional<Verdict> parse_verdict(std::string_view code);
// Which verdict wins when tests disagree: JE > CE > TLE > MLE > RTE > OLE > WA > AC.
int severity(Verdict v);
Verdict worst(Verdict a, Verdict b);

enum class ExitCode : int {
  accepted = 0,
  rejected = 1,
  usage = 2,
  judge_error = 3,  // includes "no CUDA device"
  interrupted = 130,
};

ExitCode exit_code_for(Verdict overall);

}  // namespace judge::judging
