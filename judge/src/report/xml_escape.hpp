// Text that any XML 1.0 parser accepts, whatever bytes a compiler or a solution printed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace judge::report {

// Escapes markup characters (& < > and, in attributes, " plus tab/CR/LF so they survive
// attribute normalisation). Characters XML 1.0 cannot hold at all are replaced: control
// characters by a visible "\xHH", invalid UTF-8 and U+FFFE/U+FFFF by U+FFFD.
std::string xml_escape(std::string_view text, bool attribute);

// At most `max_bytes` of `text`, cut on a UTF-8 character boundary, with a line saying how much
// was left out.
std::string clip_utf8(std::string_view text, std::size_t max_bytes);

}  // namespace judge::report
