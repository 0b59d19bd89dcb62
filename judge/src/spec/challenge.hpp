// A challenge: the parameters of `solve`, tolerances and work formulas, loaded from
// challenges/<slug>/challenge.json (format in docs/formats.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spec/constraints.hpp"
#include "spec/dtype.hpp"
#include "util/expr.hpp"
#include "util/result.hpp"

namespace judge::spec {

// Explicit values: roles are sent to the runner.
enum class Role : int { in = 0, out = 1, inout = 2 };

struct Param {
  std::string name;
  DType type = DType::float32;
  bool pointer = false;
  Role role = Role::in;
  std::vector<util::Expr> shape;             // buffers only
  std::optional<double> range_lo, range_hi;  // scalars only, inclusive
  // Input buffers: the statement's bounds on every element (spec/constraints.hpp). Floating inputs
  // must be finite unless `allow_nonfinite` (a statement that allows +inf, say).
  std::optional<ValueRange> values;
  bool allow_nonfinite = false;
  // Output buffers: `"init": "zeros"`, the statement (or every official test) guarantees the buffer
  // starts at zero, so the judge hands it over zeroed whatever --fill says.
  bool starts_zero = false;
};

struct Tolerance {
  double atol = 0;
  double rtol = 0;
};

struct Challenge {
  std::string slug;
  // Where the challenge comes from: "leetgpu" (its problem `number` there) or "interview" (ours,
  // after the interview guides; no number). `adapted` says how and why a LeetGPU challenge's
  // signature differs from the site's (e.g. one that takes a PyTorch module there).
  std::string source = "leetgpu";
  int number = 0;
  std::string adapted;
  std::string title;
  std::string difficulty;
  std::vector<Param> params;
  // Relations between scalars the statement requires ("window_size <= N"), spec/constraints.hpp.
  std::vector<Relation> relations;
  Tolerance tolerance;
  std::optional<util::Expr> work_bytes;
  std::optional<util::Expr> work_flops;
  int time_limit_ms = 2000;
  // Sampled checking of the performance case (challenge.json "check"), for a reference that would
  // take minutes on it: every edge and tile corner of each output plus this many random elements
  // are compared (judging/sampling.hpp). 0: the performance case is checked whole. Example and
  // functional cases always are.
  std::size_t performance_random_samples = 0;
  std::filesystem::path dir;  // challenges/<slug>

  const Param* find_param(std::string_view name) const;
  // "leetgpu #21", "leetgpu #45, adapted" or "interview": the source column of list and show.
  std::string origin() const;
  // The catalog's order: LeetGPU challenges by number, then the others by slug.
  bool listed_before(const Challenge& other) const;
  // "extern \"C\" void solve(const float* A, ..., int N)", derived from the params.
  std::string signature() const;
};

// Scalar values of one test case, by parameter name (integers are exact up to 2^53).
using ScalarValues = std::map<std::string, double, std::less<>>;

// Evaluates a shape or work expression with the case's scalar values.
Result<std::int64_t> evaluate(const util::Expr& expr, const ScalarValues& scalars);
// The dimensions of a buffer parameter for one case.
Result<std::vector<std::int64_t>> buffer_dims(const Param& p, const ScalarValues& scalars);

Result<Challenge> load_challenge(const std::filesystem::path& challenge_json);

}  // namespace judge::spec
