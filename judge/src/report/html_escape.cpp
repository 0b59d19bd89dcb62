#include "report/html_escape.hpp"

#include "report/xml_chars.hpp"

namespace judge::report {

std::string html_escape(std::string_view text) {
  // xml_chars makes control characters and bad UTF-8 visible and valid; the markup characters
  // are escaped here.
  const std::string chars = xml_chars(text);
  std::string out;
  out.reserve(chars.size());
  for (const char c : chars) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
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
