// The `solve` signature as text and as parameters: normalising it for comparison, reading the
// element type a declared parameter names, and comparing a challenge's parameters with the
// official signature of the facts table (`judge validate`) or deriving them from it (`judge new`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compile/prototype.hpp"
#include "spec/challenge.hpp"
#include "util/result.hpp"

namespace judge::content {

// Tokens joined by single spaces, without a trailing ';' or '{', so that any spacing of the same
// declaration gives the same text: `extern "C" void solve(const float *A);` ->
// `extern "C" void solve ( const float * A )`.
std::string normalize_signature(std::string_view text);

// Reads a signature (a declaration, with or without ';') into its parameters.
Result<compile::Prototype> parse_signature(std::string_view text, std::string_view where);

// The element type a declared base type names: float, half/__half, int/int32_t, unsigned int/
// uint32_t, long long/int64_t, unsigned char/uint8_t, signed char/int8_t/char. nullopt for
// others (size_t, double, ...).
std::optional<spec::DType> dtype_of_declared(const std::string& base);

struct SignatureDifference {
  std::string where;    // "$.params[2]" (in challenge.json), or "$.params" for the count
  std::string message;  // what differs, naming both sides
};

// How challenge.json's parameters differ from the official signature: names, order, buffer or
// scalar, element type, and the role (`roles`: the facts table's, by name; a `const` pointer
// must be `in`). A non-const pointer the table calls `in` is fine: the judge binds it as is.
std::vector<SignatureDifference> signature_differences(const spec::Challenge& challenge,
                                                       const compile::Prototype& official,
                                                       const std::vector<std::pair<std::string, std::string>>& roles);

std::string_view role_name(spec::Role role);

}  // namespace judge::content
