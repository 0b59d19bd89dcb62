// Text and data made safe for the HTML class report, whatever a student named a file or a
// compiler printed: HTML escaping for element text and attribute values, and JSON that can sit
// inside a <script type="application/json"> element without ending it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace judge::report {

// Escapes & < > " ' as character references, so the result is safe in element text and in
// quoted attribute values alike. As for XML (report/xml_chars), control characters other than
// tab, LF and CR become a visible "\xHH" and invalid UTF-8 becomes U+FFFD.
std::string html_escape(std::string_view text);

// `data` as JSON for a <script type="application/json"> element: < > & are written as \u003c,
// \u003e, \u0026 (they can only occur inside JSON strings, where JSON.parse reads them back), so
// no "</script>" or "<!--" can appear; invalid UTF-8 in strings becomes U+FFFD.
std::string script_json(const nlohmann::json& data);

}  // namespace judge::report
