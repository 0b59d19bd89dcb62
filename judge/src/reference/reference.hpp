// CPU reference implementations, one per challenge, registered by slug.
//
// A reference reads the case's inputs and scalars and writes the expected contents of every
// `out` and `inout` buffer. An `inout` buffer arrives holding the input values.
// References accumulate in double wherever a sum or product chain is long.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/thread_pool.hpp"

namespace judge::reference {

// A named host buffer handed to a reference: raw bytes plus the element count.
struct HostBuffer {
  void* data = nullptr;
  std::size_t count = 0;  // elements
  std::size_t element_bytes = 0;
  bool writable = false;
};

class Args {
 public:
  using Samples = std::map<std::string, std::vector<std::size_t>, std::less<>>;

  Args(std::map<std::string, HostBuffer, std::less<>> buffers, std::map<std::string, double, std::less<>> scalars,
       Samples samples = {})
      : buffers_(std::move(buffers)), scalars_(std::move(scalars)), samples_(std::move(samples)) {}

  // Read-only view of an `in` buffer (also allowed on `inout`, giving its input values).
  template <class T>
  std::span<const T> in(std::string_view name) const {
    const HostBuffer& b = find(name, sizeof(T));
    return {static_cast<const T*>(b.data), b.count};
  }

  // Writable view of an `out` or `inout` buffer.
  template <class T>
  std::span<T> out(std::string_view name) const {
    const HostBuffer& b = find(name, sizeof(T));
    require_writable(name, b);
    return {static_cast<T*>(b.data), b.count};
  }

  // Sampled checking (challenge.json "check", a performance case only: judging/sampling.hpp): when
  // the judge compares only some elements of an output, these are their flat indices, sorted and
  // unique. A reference may then compute just those elements; the others are ignored. Empty when
  // every element is compared.
  const std::vector<std::size_t>& sample(std::string_view buffer) const;
  bool sampled() const { return !samples_.empty(); }

  // Scalar parameters. Integer scalars are exact up to 2^53.
  std::int64_t scalar_int(std::string_view name) const;
  double scalar_float(std::string_view name) const;

 private:
  const HostBuffer& find(std::string_view name, std::size_t element_bytes) const;
  static void require_writable(std::string_view name, const HostBuffer& b);

  std::map<std::string, HostBuffer, std::less<>> buffers_;
  std::map<std::string, double, std::less<>> scalars_;
  Samples samples_;
};

// Splitting a reference's work across every core (the judge's thread pool, $JUDGE_THREADS).
// The author writes the body for one element or row; the results are the same as a plain loop's.

// Calls body(i) for every i in [0, count). Each call must write only its own outputs.
template <class Body>
void parallel_for(std::size_t count, Body&& body) {
  util::shared_pool().parallel_for(count, 1024, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) body(i);
  });
}

// Calls body(indices[k]) for every k: a sampled check's indices (Args::sample).
template <class Body>
void parallel_for_each(const std::vector<std::size_t>& indices, Body&& body) {
  parallel_for(indices.size(), [&](std::size_t k) { body(indices[k]); });
}

// The sum of term(i) over [0, count) in double, added in fixed blocks of 65536 terms whose sums
// are then added in order: the same value whatever the number of threads.
template <class Term>
double parallel_sum(std::size_t count, Term&& term) {
  constexpr std::size_t kBlock = 65536;
  std::vector<double> partial((count + kBlock - 1) / kBlock, 0.0);
  parallel_for(partial.size(), [&](std::size_t b) {
    double s = 0;
    for (std::size_t i = b * kBlock, end = std::min(count, i + kBlock); i < end; ++i) s += term(i);
    partial[b] = s;
  });
  double sum = 0;
  for (const double s : partial) sum += s;
  return sum;
}

using Function = void (*)(const Args&);

// Returns nullptr when no reference is registered for the slug.
Function find(std::string_view slug);
// The reference's version: the SHA-256 of its source file, computed by CMake when it configures
// (CMakeLists.txt), so editing a reference invalidates its cached test data. Empty when unknown
// (a reference built outside CMake): its data is then never cached.
std::string_view version(std::string_view slug);
// Bump when a change outside the reference files changes what references compute (this header's
// helpers, util/detmath): every cached expected value is then recomputed.
inline constexpr int kFrameworkVersion = 1;

struct Registrar {
  Registrar(const char* slug, Function fn, const char* version);
};

// An acceptance rule, for an output whose right answer is not unique (a sample from a
// distribution, say: docs/formats.md). The reference still writes one canonical answer (the README
// examples and the `expected` literals); the rule is asked only about an element that differs from
// it, and returns whether `got` is an allowed value of element `index` (flat) of output `buffer`.
// `args` holds the case's scalars and its in and inout buffers (an inout one with its values
// before solve), all read-only; out buffers are absent. The judge calls it from several threads at
// once: it must only read. A rule that throws is a judge error, like a reference that throws.
using AcceptFunction = bool (*)(const Args& args, std::string_view buffer, std::size_t index, double got);

// Returns nullptr when the challenge has no acceptance rule (every output element has one answer).
AcceptFunction find_accept(std::string_view slug);

struct AcceptRegistrar {
  AcceptRegistrar(const char* slug, AcceptFunction fn);
};

}  // namespace judge::reference

// Usage, in challenges/<slug>/reference.cpp:
//
//   JUDGE_REFERENCE("vector-addition", args) {
//     auto a = args.in<float>("A");
//     ...
//   }
#ifndef JUDGE_REFERENCE_SOURCE_HASH
#define JUDGE_REFERENCE_SOURCE_HASH ""
#endif
#define JUDGE_REFERENCE_CAT2(a, b) a##b
#define JUDGE_REFERENCE_CAT(a, b) JUDGE_REFERENCE_CAT2(a, b)
#define JUDGE_REFERENCE(slug, args)                                                                     \
  static void JUDGE_REFERENCE_CAT(judge_reference_fn_, __LINE__)(const ::judge::reference::Args& args); \
  static const ::judge::reference::Registrar JUDGE_REFERENCE_CAT(judge_reference_reg_, __LINE__)(       \
      slug, &JUDGE_REFERENCE_CAT(judge_reference_fn_, __LINE__), JUDGE_REFERENCE_SOURCE_HASH);          \
  static void JUDGE_REFERENCE_CAT(judge_reference_fn_, __LINE__)(const ::judge::reference::Args& args)

// Usage, beside the reference (only where the statement allows several answers):
//
//   JUDGE_ACCEPT("top-p-sampling", args, buffer, index, got) {
//     return ...;  // whether `got` may be element `index` of output `buffer`
//   }
#define JUDGE_ACCEPT(slug, args, buffer, index, got)                                                                   \
  static bool JUDGE_REFERENCE_CAT(judge_accept_fn_, __LINE__)(const ::judge::reference::Args& args,                    \
                                                              std::string_view buffer, std::size_t index, double got); \
  static const ::judge::reference::AcceptRegistrar JUDGE_REFERENCE_CAT(judge_accept_reg_, __LINE__)(                   \
      slug, &JUDGE_REFERENCE_CAT(judge_accept_fn_, __LINE__));                                                         \
  static bool JUDGE_REFERENCE_CAT(judge_accept_fn_, __LINE__)(const ::judge::reference::Args& args,                    \
                                                              std::string_view buffer, std::size_t index, double got)
