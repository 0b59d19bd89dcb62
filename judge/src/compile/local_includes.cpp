#include "compile/local_includes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "compile/lexer.hpp"
#include "util/read_file.hpp"

namespace judge::compile {
namespace fs = std::filesystem;

namespace {

constexpr int kMaxDepth = 32;  // a header chain deeper than this is left to the compilers

// The quoted name of `#include "name"` (a whole directive token), or nullopt.
std::optional<std::string> quoted_include(std::string_view directive) {
  std::size_t k = directive.find('#');
  if (k == std::string_view::npos) return std::nullopt;
  k = directive.find_first_not_of(" \t", k + 1);
  if (k == std::string_view::npos || directive.substr(k, 7) != "include") return std::nullopt;
  k = directive.find_first_not_of(" \t", k + 7);
  if (k == std::string_view::npos || directive[k] != '"') return std::nullopt;
  const std::size_t close = directive.find('"', k + 1);
  if (close == std::string_view::npos) return std::nullopt;
  return std::string(directive.substr(k + 1, close - k - 1));
}

bool is_pragma_once(std::string_view directive) {
  const std::string_view body = directive.substr(directive.find('#') + 1);
  const std::vector<Token> w = lex(body);
  return w.size() == 2 && token_text(body, w[0]) == "pragma" && token_text(body, w[1]) == "once";
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

class Inliner {
 public:
  Inliner(const std::vector<fs::path>& dirs, const std::map<std::string, std::string>& provided)
      : dirs_(dirs), provided_(provided) {}

  InlinedSource run(const fs::path& source, std::string_view text, std::string_view display) {
    std::error_code ec;
    seen_.insert(fs::weakly_canonical(source, ec).string());
    display_ = std::string(display);
    display_dir_ = fs::path(display).parent_path().string();
    add(source.parent_path(), text, "", 0);
    out_.text = std::move(text_);
    return std::move(out_);
  }

 private:
  // Appends `text` (of `file`, "" for the solution, found in `dir`), inlining its local headers.
  void add(const fs::path& dir, std::string_view text, const std::string& file, int depth) {
    out_.spans.push_back({lines_ + 1, file, 1});
    std::size_t pos = 0;
    for (const Token& t : lex(text)) {
      if (t.kind != TokenKind::directive) continue;
      const std::string_view d = token_text(text, t);
      if (depth > 0 && is_pragma_once(d)) {  // in the solution's text, #pragma once would warn
        emit(text.substr(pos, t.begin - pos));
        pos = t.end;
        continue;
      }
      const std::optional<std::string> name = quoted_include(d);
      if (!name || depth >= kMaxDepth) continue;
      std::optional<Found> found = find(dir, *name);
      if (!found) continue;
      emit(text.substr(pos, t.begin - pos));
      const int next_line = t.line + static_cast<int>(std::count(d.begin(), d.end(), '\n')) + 1;
      pos = t.end;
      if (!seen_.insert(found->key).second) continue;  // once per file, like #pragma once
      const std::string shown = found->shown(file.empty() ? fs::path(display_dir_) : fs::path(file).parent_path());
      if (found->path) out_.headers.push_back(*found->path);
      emit(fmt::format("\n#line 1 {}\n", quoted(shown)));
      add(found->path ? found->path->parent_path() : fs::path(), found->text, shown, depth + 1);
      // The text goes on with the newline that ended the directive: the line after it is next_line.
      emit(fmt::format("\n#line {} {}", next_line, quoted(file.empty() ? display_ : file)));
      out_.spans.push_back({lines_ + 2, file, next_line});
    }
    emit(text.substr(pos));
  }

  struct Found {
    std::optional<fs::path> path;  // none for a provided header
    std::string name, key, text;
    std::string shown(const fs::path& including_dir) const {
      if (!path) return name;
      return (including_dir / name).lexically_normal().string();
    }
  };

  std::optional<Found> find(const fs::path& dir, const std::string& name) {
    std::vector<fs::path> candidates = {dir / name};
    for (const fs::path& d : dirs_) candidates.push_back(d / name);
    for (const fs::path& c : candidates) {
      std::error_code ec;
      if (!fs::is_regular_file(c, ec)) continue;
      auto text = util::read_text_file(c);
      if (!text) return std::nullopt;
      const fs::path canon = fs::weakly_canonical(c, ec);
      return Found{canon, name, canon.string(), std::move(*text)};
    }
    if (auto p = provided_.find(name); p != provided_.end())
      return Found{std::nullopt, name, "<judge>/" + name, p->second};
    return std::nullopt;
  }

  void emit(std::string_view s) {
    text_ += s;
    lines_ += static_cast<int>(std::count(s.begin(), s.end(), '\n'));
  }

  const std::vector<fs::path>& dirs_;
  const std::map<std::string, std::string>& provided_;
  std::set<std::string> seen_;
  std::string display_, display_dir_;  // how messages name the solution, and its folder
  std::string text_;
  int lines_ = 0;  // newlines emitted so far
  InlinedSource out_;
};

}  // namespace

std::pair<std::string, int> InlinedSource::locate(int line) const {
  const Span* at = nullptr;
  for (const Span& s : spans)
    if (s.first <= line) at = &s;
  if (!at) return {"", line};
  return {at->file, at->file_line + line - at->first};
}

InlinedSource inline_local_includes(const fs::path& source, std::string_view text, std::string_view display,
                                    const std::vector<fs::path>& include_dirs,
                                    const std::map<std::string, std::string>& provided) {
  return Inliner(include_dirs, provided).run(source, text, display);
}

}  // namespace judge::compile
