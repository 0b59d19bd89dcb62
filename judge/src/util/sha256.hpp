// SHA-256, used to fingerprint sources, specs and cached artifacts: a thin wrapper over OpenSSL's
// libcrypto (EVP), which is well kept, fast and in Debian (libssl-dev), instead of our own.
// The digests are the standard ones, so cache keys did not change with the switch.
#pragma once

#include <string>
#include <string_view>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX, kept out of this header

namespace judge::util {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  // Feeds more bytes; may be called any number of times with pieces of any size.
  void update(std::string_view bytes);

  // Finishes the hash and returns 64 lowercase hex digits. The object is spent afterwards:
  // further calls to update() or hex_digest() start over from an empty message.
  std::string hex_digest();

 private:
  void reset();

  evp_md_ctx_st* ctx_;
};

// One-shot convenience: lowercase hex SHA-256 of `bytes`.
std::string sha256_hex(std::string_view bytes);

}  // namespace judge::util
