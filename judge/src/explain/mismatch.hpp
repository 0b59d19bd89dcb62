// The input of the mismatch analysis (explain/analyze.hpp): one output buffer as the solution left
// it, the expected values, the inputs, and which elements differ. Pure data: no GPU, no runner,
// so every pattern is unit-tested on buffers made by hand.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "spec/challenge.hpp"
#include "spec/dtype.hpp"

namespace judge::explain {

// A typed view of a buffer, read element by element as double.
struct Values {
  spec::DType type = spec::DType::float32;
  const void* data = nullptr;
  std::size_t count = 0;
  std::vector<std::int64_t> dims;  // row-major; empty or one entry for a vector
  double operator[](std::size_t i) const;
};

struct NamedValues {
  std::string name;
  Values values;
};

// What happened to each element of the output.
enum class Cell : std::uint8_t { right = 0, wrong = 1, unwritten = 2 };

struct Mismatches {
  std::string buffer;
  Values got, want;
  spec::Tolerance tolerance;
  std::vector<Cell> cells;  // one per element
  std::size_t wrong = 0, unwritten = 0;
  std::vector<NamedValues> inputs;  // every input buffer, the inout buffer's values before solve included
  // Whether the challenge's reference calls exp (judging/reference_facts.hpp): only then may a NaN
  // or Inf be blamed on exp overflowing; otherwise the hint speaks of an intermediate overflowing.
  bool reference_uses_exp = false;
  // For an inout buffer: its values before solve (the entry of `inputs` with its name), else null.
  const Values* initial() const;
};

// Classifies every element: right (within tolerance), unwritten (still the judge's marker, out
// buffers only), or wrong.
Mismatches find_mismatches(std::string buffer, const Values& got, const Values& want, const spec::Tolerance& tol,
                           bool detect_unwritten);

// The most specific explanation that fits, in one sentence, with its evidence.
struct Finding {
  std::string code;                                                    // stable (docs/diagnoses.md)
  std::string sentence;                                                // one sentence in a learner's words
  nlohmann::ordered_json evidence = nlohmann::ordered_json::object();  // index ranges, counts, factors
};

// Up to `limit` maximal runs [begin, end) of elements in `cells` equal to `which` (any non-right
// cell when `which` is right), and how many runs there are in all.
struct Runs {
  std::vector<std::pair<std::size_t, std::size_t>> first;
  std::size_t total = 0;
};
Runs runs_of(const std::vector<Cell>& cells, Cell which, std::size_t limit);
nlohmann::ordered_json runs_json(const Runs& r);
// "[1000, 1003)" or "[0, 256), [512, 768) and 10 more ranges".
std::string describe_runs(const Runs& r);

}  // namespace judge::explain
