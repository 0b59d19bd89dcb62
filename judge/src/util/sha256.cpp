#include "util/sha256.hpp"

#include <openssl/evp.h>

#include <new>
#include <stdexcept>

namespace judge::util {
namespace {

// libcrypto fails only without memory or with a broken installation: both are bugs to report,
// not verdicts, so they throw (cli.cpp turns exceptions into "internal error").
void check(int ok, const char* what) {
  if (ok != 1) throw std::runtime_error(std::string("libcrypto: ") + what + " failed for SHA-256");
}

}  // namespace

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (ctx_ == nullptr) throw std::bad_alloc();
  reset();
}

Sha256::~Sha256() { EVP_MD_CTX_free(ctx_); }

void Sha256::reset() { check(EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr), "EVP_DigestInit_ex"); }

void Sha256::update(std::string_view bytes) {
  check(EVP_DigestUpdate(ctx_, bytes.data(), bytes.size()), "EVP_DigestUpdate");
}

std::string Sha256::hex_digest() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  check(EVP_DigestFinal_ex(ctx_, digest, &length), "EVP_DigestFinal_ex");
  reset();
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xf];
  }
  return out;
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 h;
  h.update(bytes);
  return h.hex_digest();
}

}  // namespace judge::util
