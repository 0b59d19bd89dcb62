// SHA-256 (FIPS 180-4), used to fingerprint sources, specs and cached artifacts.
// Own implementation so the judge has no crypto library dependency.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace judge::util {

class Sha256 {
 public:
  Sha256();

  // Feeds more bytes; may be called any number of times with pieces of any size.
  void update(std::string_view bytes);

  // Finishes the hash and returns 64 lowercase hex digits. The object is spent afterwards:
  // further calls to update() or hex_digest() start over from an empty message.
  std::string hex_digest();

 private:
  void compress(const unsigned char* block);
  void reset();

  std::array<uint32_t, 8> state_{};
  std::array<unsigned char, 64> buffer_{};
  std::size_t buffered_ = 0;  // bytes waiting in buffer_
  uint64_t total_bytes_ = 0;  // message length so far
};

// One-shot convenience: lowercase hex SHA-256 of `bytes`.
std::string sha256_hex(std::string_view bytes);

}  // namespace judge::util
