// Comparing a solution's output buffer with the reference's.
//
// Floating types: |got - want| <= atol + rtol * |want|; NaN must meet NaN, and an infinity
// the same infinity. Integer types: exact. An element that still holds the poison pattern
// was never written by the solution. A challenge whose answer is not unique may accept other
// values too (CompareOptions::accept).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "spec/challenge.hpp"

namespace judge::check {

struct Mismatch {
  std::size_t index = 0;               // flat, row-major
  std::vector<std::int64_t> position;  // per dimension
  double got = 0;
  double want = 0;
  bool never_written = false;
};

struct Comparison {
  std::string buffer;
  std::size_t compared = 0;
  std::size_t mismatches = 0;
  std::size_t never_written = 0;  // among the mismatches
  std::vector<Mismatch> first;    // the first few, in index order
  double max_abs_error = 0;       // over finite pairs
  double max_rel_error = 0;
  bool ok() const { return mismatches == 0; }
};

struct CompareOptions {
  spec::DType type = spec::DType::float32;
  spec::Tolerance tolerance;
  std::vector<std::int64_t> dims;
  bool detect_poison = true;  // false for inout buffers, which start with the input
  std::size_t max_reported = 5;
  const std::vector<std::size_t>* indices = nullptr;  // compare only these (sampled check)
  // A challenge's acceptance rule (reference::find_accept), for outputs with several right
  // answers: an element that differs from the expected value but is accepted is no mismatch and
  // adds nothing to the error statistics. Asked only about differing elements that were written
  // (never a poisoned one), from several threads at once: it must be safe to call concurrently.
  std::function<bool(std::size_t index, double got)> accept;
};

Comparison compare_buffer(const std::string& name, const void* got, const void* want, std::size_t count,
                          const CompareOptions& options);

// The comparison rule above for one element (integers exactly when !floating).
bool agrees(double got, double want, const spec::Tolerance& tol, bool floating);

// "[3, 17]" for a 2-D position, "[42]" for a flat one.
std::string format_position(const std::vector<std::int64_t>& position);
// Shortest text that round-trips a float value ("0.1", "nan", "-inf", "1.5e+20").
std::string format_value(double v, spec::DType type);

}  // namespace judge::check
