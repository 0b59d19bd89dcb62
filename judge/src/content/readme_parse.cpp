#include "content/readme_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace judge::content {

const Heading* Readme::section(std::string_view text) const {
  for (const Heading& h : headings) {
    if (h.level == 2 && h.text == text) return &h;
  }
  return nullptr;
}

namespace {

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// "Example 3", "Example 3: a caption", "**Example 3**": 3; 0 when the text starts otherwise.
int example_number(std::string_view text) {
  while (!text.empty() && text.front() == '*') text.remove_prefix(1);
  if (!text.starts_with("Example ")) return 0;
  text.remove_prefix(8);
  int k = 0;
  std::size_t i = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && k < 1000; ++i)
    k = k * 10 + (text[i] - '0');
  if (i == 0 || (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])))) return 0;
  return k;
}

}  // namespace

Readme parse_readme(std::string_view text) {
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  Readme r;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    r.lines.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  std::optional<CodeBlock> open;
  bool in_examples = false;
  std::size_t current = kNone;  // index into r.examples (a pointer would not survive push_back)
  for (std::size_t i = 0; i < r.lines.size(); ++i) {
    const std::string& l = r.lines[i];
    const int n = static_cast<int>(i) + 1;
    if (l.starts_with("```")) {
      if (open) {
        r.blocks.push_back(*open);
        if (current != kNone && !r.examples[current].block && open->lang.empty()) r.examples[current].block = *open;
        open.reset();
      } else {
        open = CodeBlock{trim(l.substr(3)), n, {}};
      }
      continue;
    }
    if (open) {
      open->lines.push_back(l);
      continue;
    }
    if (l.starts_with("#")) {
      const std::size_t level = l.find_first_not_of('#');
      if (level == std::string::npos || l[level] != ' ') continue;
      Heading h{static_cast<int>(level), trim(l.substr(level)), n};
      r.headings.push_back(h);
      if (h.level > 2) continue;
      in_examples = h.level == 2 && h.text == "Examples";
      current = kNone;
      if (const int k = h.level == 2 ? example_number(h.text) : 0) {
        r.examples.push_back({k, n, std::nullopt});
        current = r.examples.size() - 1;
      }
      continue;
    }
    if (in_examples) {
      if (const int k = example_number(l)) {
        r.examples.push_back({k, n, std::nullopt});
        current = r.examples.size() - 1;
      }
    }
  }
  return r;
}

namespace {

// A cursor over a block's text that knows its README line.
class Cursor {
 public:
  explicit Cursor(const CodeBlock& b) : first_line_(b.line + 1) {
    for (const std::string& l : b.lines) {
      starts_.push_back(text_.size());
      text_ += l + "\n";
    }
  }
  bool end() const { return pos_ >= text_.size(); }
  char peek() const { return end() ? '\0' : text_[pos_]; }
  void next() { ++pos_; }
  std::size_t pos() const { return pos_; }
  void back_to(std::size_t pos) { pos_ = pos; }
  int line() const {
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), pos_);
    return first_line_ + static_cast<int>(it - starts_.begin()) - 1;
  }
  void skip_blanks(bool newlines) {
    while (!end() && (peek() == ' ' || peek() == '\t' || (newlines && peek() == '\n'))) next();
  }
  std::string word() {  // letters, digits, '_', '.', '+', '-'
    const std::size_t b = pos_;
    while (!end() && (std::isalnum(static_cast<unsigned char>(peek())) ||
                      std::string_view("_.+-").find(peek()) != std::string_view::npos))
      next();
    return text_.substr(b, pos_ - b);
  }
  std::string rest_of_line() const {
    const std::size_t e = text_.find('\n', pos_);
    return trim(text_.substr(pos_, e == std::string::npos ? std::string::npos : e - pos_));
  }
  Error error(std::string_view what) const {
    const std::string found = rest_of_line();
    return make_error(fmt::format("line {}: {}{}", line(), what,
                                  found.empty() ? ", found the end of the line" : ", found '" + found + "'"));
  }

 private:
  std::string text_;
  std::vector<std::size_t> starts_;
  int first_line_;
  std::size_t pos_ = 0;
};

bool is_identifier(const std::string& w) {
  if (w.empty() || !(std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_')) return false;
  return std::all_of(w.begin(), w.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

Status read_number(Cursor& c, std::vector<double>& out) {
  const std::size_t start = c.pos();
  const std::string w = c.word();
  std::string lower;
  for (char ch : w) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  char* end = nullptr;
  const double v = std::strtod(lower.c_str(), &end);
  if (w.empty() || *end != '\0') {
    c.back_to(start);  // the message quotes the line from the offending word on
    return c.error("expected a number (or nan, inf, -inf)");
  }
  out.push_back(v);
  return Ok{};
}

Status read_list(Cursor& c, std::vector<double>& out, int depth) {
  if (depth > 8) return c.error("lists nested too deep");
  c.next();  // '['
  c.skip_blanks(true);
  if (c.peek() == ']') {
    c.next();
    return Ok{};
  }
  while (true) {
    c.skip_blanks(true);
    if (auto s = c.peek() == '[' ? read_list(c, out, depth + 1) : read_number(c, out); !s) return s;
    c.skip_blanks(true);
    if (c.peek() == ',') {
      c.next();
      continue;
    }
    if (c.peek() == ']') {
      c.next();
      return Ok{};
    }
    return c.error("expected ',' or ']' in the list");
  }
}

}  // namespace

Result<std::vector<Assignment>> parse_assignments(const CodeBlock& block) {
  std::vector<Assignment> out;
  Cursor c(block);
  while (true) {
    while (!c.end() && (c.peek() == ',' || std::isspace(static_cast<unsigned char>(c.peek())))) c.next();
    if (c.end()) break;
    Assignment a;
    a.line = c.line();
    a.name = c.word();
    if (!is_identifier(a.name)) return c.error("expected `name = value` (a parameter's name)");
    c.skip_blanks(false);
    if (c.peek() == '(') {
      c.next();
      c.skip_blanks(false);
      a.qualifier = c.word();
      c.skip_blanks(false);
      if ((a.qualifier != "before" && a.qualifier != "after") || c.peek() != ')')
        return c.error(fmt::format("expected '{} (before) =' or '{} (after) =' for an inout buffer", a.name, a.name));
      c.next();
      c.skip_blanks(false);
    }
    if (c.peek() != '=') return c.error(fmt::format("expected '=' after '{}'", a.name));
    c.next();
    c.skip_blanks(false);
    a.list = c.peek() == '[';
    if (auto s = a.list ? read_list(c, a.values, 0) : read_number(c, a.values); !s) return s.error();
    c.skip_blanks(false);
    if (!c.end() && c.peek() != ',' && c.peek() != '\n')
      return c.error(fmt::format("expected ',' or the end of the line after the value of '{}'", a.name));
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace judge::content
