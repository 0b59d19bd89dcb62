// Test cases of a challenge, loaded from testcases/<slug>.json (format in docs/formats.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "spec/challenge.hpp"
#include "util/result.hpp"

namespace judge::spec {

// Explicit values: kinds are persisted in reports.
enum class CaseKind : int { example = 0, functional = 1, performance = 2 };
std::string_view case_kind_name(CaseKind k);

struct InputSegment;

// How the values of one input buffer are made.
struct InputSource {
  enum class Kind : int {
    literal = 0,
    uniform = 1,
    normal = 2,
    randint = 3,
    fill = 4,
    arange = 5,
    sorted = 6,
    sparse = 7,
    segments = 8
  };
  Kind kind = Kind::literal;
  std::vector<double> values;  // literal
  // uniform [a,b), normal (mean a, std b), randint [a,b), fill a, arange (start a, step b),
  // sorted: non-decreasing in [a,b), sparse: `nnz` nonzero values in [a,b), the rest 0.
  double a = 0, b = 0;
  std::uint64_t nnz = 0;
  // segments: consecutive parts of the buffer, each made by its own generator (never segments);
  // their counts add up to the buffer's element count.
  std::vector<InputSegment> segments;
};

// One part of a buffer: `count` elements made by `source`, which sees the part as a buffer of its
// own (arange, sorted and sparse count from its first element) while its random draws use the
// element's index in the whole buffer (gen/generate.hpp).
struct InputSegment {
  std::uint64_t count = 0;
  InputSource source;
};

struct TestCase {
  std::string name;
  CaseKind kind = CaseKind::functional;
  std::uint64_t seed = 0;
  ScalarValues scalars;
  std::map<std::string, InputSource, std::less<>> inputs;
  std::map<std::string, std::vector<double>, std::less<>> expected;
  std::string note;
  int time_limit_ms = 0;  // 0: the challenge's limit
  // Non-empty: the case lies outside the statement's constraints (spec/constraints.hpp), and says
  // which clause and why it exists. Such a case never rejects by default: a failure there is AC
  // with a warning (--strict rejects).
  std::string beyond_spec;
  // Performance cases: this one is timed for the ranking against baselines. A suite has one
  // official-size performance case and at most one larger one beside it ("rank": true, and
  // beyond_spec when it lies past the statement) where the official size is launch-bound;
  // without it the official case ranks.
  bool ranks = false;
  // Example cases only: the inputs are generated, too large for the statement to list ("generated":
  // true). The statement describes them in words and shows the scalars; the README check compares
  // only those, and no expected values are required.
  bool generated = false;
};

struct TestSuite {
  std::vector<TestCase> cases;
};

// The performance case the baselines and the percentile use (TestCase::ranks), or null.
const TestCase* ranking_case(const TestSuite& suite);

// The default seed of a case: derived from the slug and the case name, so renaming a case or
// copying it to another challenge gives new data.
std::uint64_t default_seed(std::string_view slug, std::string_view case_name);

Result<TestSuite> load_testcases(const std::filesystem::path& file, const Challenge& challenge);

}  // namespace judge::spec
