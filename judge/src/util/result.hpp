// Expected failures are values: a function that can fail for a reason the user should read
// (bad spec, compile error, missing file) returns Result<T>. Exceptions are reserved for
// internal faults and are caught once, at the top of the CLI.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace judge {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

// Result<void>: success or an error.
struct Ok {};
using Status = Result<Ok>;

inline Error make_error(std::string message) {
  return Error{std::move(message)};
}

}  // namespace judge
