#include "report/html_escape.hpp"

#include "report/xml_escape.hpp"

namespace judge::report {

std::string html_escape(std::string_view text) {
  // xml_escape (element text) already handles & < >, control characters and bad UTF-8; quotes
  // are left raw there, and only come from the input, so they are escaped here.
  const std::string xml = xml_escape(text, false);
  std::string out;
  out.reserve(xml.size());
  for (const char c : xml) {
    if (c == '"')
      out += "&quot;";
    else if (c == '\'')
      out += "&#39;";
    else
      out += c;
  }
  return out;
}

std::string script_json(const nlohmann::json& data) {
  const std::string text = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
  }
  return out;
}

}  // namespace judge::report
