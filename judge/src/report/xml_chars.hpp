// Text that any XML 1.0 parser accepts as character data, whatever bytes a compiler or a solution
// printed. The XML writer (pugixml, in grade_junit) escapes markup; it does not make arbitrary
// bytes into XML characters: it would write a control character as "&#01;", which XML 1.0 forbids,
// pass invalid UTF-8 through, and stop at a NUL.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace judge::report {

// `text` with every byte sequence that is not an XML 1.0 character replaced: control characters
// other than tab, LF and CR by a visible "\xHH", invalid UTF-8 and U+FFFE/U+FFFF by U+FFFD.
// Markup (& < > ") is left for the writer to escape.
std::string xml_chars(std::string_view text);

// At most `max_bytes` of `text`, cut on a UTF-8 character boundary, with a line saying how much
// was left out.
std::string clip_utf8(std::string_view text, std::size_t max_bytes);

}  // namespace judge::report
