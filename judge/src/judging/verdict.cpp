#include "judging/verdict.hpp"

#include <array>

namespace judge::judging {
namespace {

struct Info {
  Verdict v;
  std::string_view code;
  std::string_view meaning;
  int severity;
};

constexpr std::array<Info, 8> kInfo = {{
    {Verdict::AC, "AC", "accepted", 0},
    {Verdict::WA, "WA", "wrong answer", 1},
    {Verdict::TLE, "TLE", "time limit exceeded", 5},
    {Verdict::RTE, "RTE", "run-time error", 3},
    {Verdict::CE, "CE", "compile error", 6},
    {Verdict::OLE, "OLE", "output limit exceeded", 2},
    {Verdict::MLE, "MLE", "out of device memory", 4},
    {Verdict::JE, "JE", "judge error", 7},
}};

const Info& info(Verdict v) {
  return kInfo[static_cast<std::size_t>(v)];
}

}  // namespace

std::string_view verdict_code(Verdict v) {
  return info(v).code;
}
std::string_view verdict_meaning(Verdict v) {
  return info(v).meaning;
}
int severity(Verdict v) {
  return info(v).severity;
}
Verdict worst(Verdict a, Verdict b) {
  return severity(a) >= severity(b) ? a : b;
}

std::optional<Verdict> parse_verdict(std::string_view code) {
  for (const Info& i : kInfo) {
    if (i.code == code) return i.v;
  }
  return std::nullopt;
}

ExitCode exit_code_for(Verdict overall) {
  if (overall == Verdict::AC) return ExitCode::accepted;
  if (overall == Verdict::JE) return ExitCode::judge_error;
  return ExitCode::rejected;
}

}  // namespace judge::judging
