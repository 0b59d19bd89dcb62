#include "report/xml_chars.hpp"

#include <fmt/format.h>

namespace judge::report {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

// Length of the well-formed UTF-8 sequence starting at s[i], or 0 when it is not one (overlong
// forms, surrogates and code points above U+10FFFF are not, per RFC 3629).
std::size_t sequence_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size() || b(1) < lo || b(1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (!continuation(b(k))) return 0;
  return n;
}

}  // namespace

std::string xml_chars(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequence_length(text, i);
    if (n == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (n == 3 && text.substr(i, 2) == "\xEF\xBF" && (text[i + 2] == '\xBE' || text[i + 2] == '\xBF'))
      out += kReplacement;  // U+FFFE and U+FFFF are not characters in XML 1.0
    else if (n == 1 && c < 0x20 && c != '\t' && c != '\n' && c != '\r')
      out += fmt::format("\\x{:02X}", c);  // no XML 1.0 document can hold these, not even as &#N;
    else
      out += text.substr(i, n);
    i += n;
  }
  return out;
}

std::string clip_utf8(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  while (cut > 0 && continuation(static_cast<unsigned char>(text[cut]))) --cut;
  return fmt::format("{}\n... ({} more bytes; the JSON report has all of it)", text.substr(0, cut), text.size() - cut);
}

}  // namespace judge::report
