// CPU reference implementations, one per challenge, registered by slug.
//
// A reference reads the case's inputs and scalars and writes the expected contents of every
// `out` and `inout` buffer. An `inout` buffer arrives holding the input values.
// References accumulate in double wherever a sum or product chain is long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

  // Sampled checking (challenge.json "check"): when the judge compares only some elements of a
  // large output, these are their flat indices, sorted and unique. A reference may then compute
  // just those elements; the others are ignored. Empty when every element is compared.
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

using Function = void (*)(const Args&);

// Returns nullptr when no reference is registered for the slug.
Function find(std::string_view slug);

struct Registrar {
  Registrar(const char* slug, Function fn);
};

}  // namespace judge::reference

// Usage, in challenges/<slug>/reference.cpp:
//
//   JUDGE_REFERENCE("vector-addition", args) {
//     auto a = args.in<float>("A");
//     ...
//   }
#define JUDGE_REFERENCE_CAT2(a, b) a##b
#define JUDGE_REFERENCE_CAT(a, b) JUDGE_REFERENCE_CAT2(a, b)
#define JUDGE_REFERENCE(slug, args)                                                                     \
  static void JUDGE_REFERENCE_CAT(judge_reference_fn_, __LINE__)(const ::judge::reference::Args& args); \
  static const ::judge::reference::Registrar JUDGE_REFERENCE_CAT(judge_reference_reg_, __LINE__)(       \
      slug, &JUDGE_REFERENCE_CAT(judge_reference_fn_, __LINE__));                                       \
  static void JUDGE_REFERENCE_CAT(judge_reference_fn_, __LINE__)(const ::judge::reference::Args& args)
