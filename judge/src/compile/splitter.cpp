#include "compile/splitter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "compile/lexer.hpp"
#include "compile/macro_expand.hpp"
#include "compile/template_deduction.hpp"

namespace judge::compile {
namespace {

constexpr std::size_t npos = static_cast<std::size_t>(-1);
// Bounds on macro expansion, so a hostile or mutated file cannot make the split loop or grow:
// rounds of nested namespace-scope invocations, and bytes produced per round.
constexpr int kMaxExpansionRounds = 8;
constexpr std::size_t kMaxExpansionBytes = 1 << 20;

enum class Space : int { host = 0, device = 1, both = 2, kernel = 3 };
enum class EntityKind : int { function = 0, variable = 1, other = 2 };

struct Entity {
  EntityKind kind = EntityKind::other;
  Space space = Space::host;
  std::size_t first = 0, last = 0;                  // token range, inclusive
  std::size_t body_open = npos, body_close = npos;  // function bodies
  std::size_t params_open = npos;                   // functions: the `(` of the parameter list
  bool is_template = false;
  bool is_const = false;  // const/constexpr variables live on both sides
  bool is_class = false;  // a class/struct/union/enum definition or declaration
  std::string name;
  std::vector<std::string> ns;  // named enclosing namespaces, outermost first
};

// One replacement in a generated source: bytes [begin, end) of the original become `text`.
struct Edit {
  std::size_t begin, end;
  std::string text;
};

// Headers NVRTC gets from us (small shims, see nvrtc_engine.cpp) or finds in the CUDA include
// folder; every other <...> include is host-only and dropped from the device part.
bool device_header(std::string_view h) {
  static const std::set<std::string_view> kept = {"cstdint",
                                                  "stdint.h",
                                                  "cfloat",
                                                  "float.h",
                                                  "climits",
                                                  "limits.h",
                                                  "cmath",
                                                  "math.h",
                                                  "algorithm",
                                                  "cassert",
                                                  "assert.h",
                                                  "cstddef",
                                                  "stddef.h",
                                                  "cuda_fp16.h",
                                                  "cuda_bf16.h",
                                                  "cooperative_groups.h",
                                                  "mma.h",
                                                  "cuda_pipeline.h",
                                                  "cuda_awbarrier.h",
                                                  "cuda_fp8.h",
                                                  "sm_60_atomic_functions.h"};
  return kept.count(h) || h.starts_with("cooperative_groups/") || h.starts_with("cuda/") || h.starts_with("cub/");
}

class Splitter {
 public:
  explicit Splitter(std::string_view text) : s_(text), t_(drop_if_zero(text, lex(text))) {}

  // Invocations this round found to expand; split_source applies them and splits again.
  const std::vector<Edit>& expansions() const { return expansions_; }
  std::string expanded_text() { return apply(expansions_); }

  SplitResult run() {
    collect_macros();
    std::size_t i = 0;
    std::vector<std::string> ns;
    parse_scope(i, ns, /*nested=*/false);
    for (const Entity& e : entities_) emit(e);
    r_.device_source = apply(dev_edits_);
    r_.host_source = apply(host_edits_);
    return std::move(r_);
  }

 private:
  std::string_view text(std::size_t i) const { return i < t_.size() ? token_text(s_, t_[i]) : std::string_view(); }
  bool is(std::size_t i, std::string_view v) const { return i < t_.size() && text(i) == v; }
  bool ident(std::size_t i) const { return i < t_.size() && t_[i].kind == TokenKind::identifier; }
  void issue(std::string what, std::size_t tok) {
    r_.unsupported.push_back({std::move(what), tok < t_.size() ? t_[tok].line : 0});
  }

  // Code under `#if 0` (up to its #else/#elif/#endif) is left as it is in both halves: the
  // preprocessor drops it, and entities in it must not become kernels or name expressions.
  static std::vector<Token> drop_if_zero(std::string_view text, std::vector<Token> tokens) {
    std::vector<Token> out;
    int skipping = 0;  // nesting depth inside an `#if 0` region; 0 when active
    for (const Token& t : tokens) {
      if (t.kind != TokenKind::directive) {
        if (!skipping) out.push_back(t);
        continue;
      }
      const std::string_view d = directive_body(token_text(text, t));
      const std::vector<Token> w = lex(d);
      const std::string_view word = w.empty() ? "" : token_text(d, w[0]);
      const bool opens = word == "if" || word == "ifdef" || word == "ifndef";
      if (skipping) {
        if (opens) ++skipping;
        if (word == "endif") --skipping;
        if ((word == "else" || word == "elif") && skipping == 1) skipping = 0;
        if (!skipping) out.push_back(t);
        continue;
      }
      if (word == "if" && w.size() == 2 && token_text(d, w[1]) == "0") skipping = 1;
      out.push_back(t);
    }
    return out;
  }

  // ---- macros -------------------------------------------------------------------------------

  void collect_macros() {
    for (std::size_t i = 0; i < t_.size(); ++i) {
      if (t_[i].kind != TokenKind::directive) continue;
      const std::vector<Token> d = lex(directive_body(text(i)));
      const std::string body = std::string(directive_body(text(i)));
      if (d.size() >= 2 && token_text(body, d[0]) == "undef") undefined_.insert(std::string(token_text(body, d[1])));
      if (d.size() < 2 || token_text(body, d[0]) != "define") continue;
      const std::string name(token_text(body, d[1]));
      if (std::optional<FunctionMacro> m = parse_function_macro(body)) {
        function_macros_[name].push_back(std::move(*m));
        continue;
      }
      macros_.insert(name);
      for (std::size_t k = 2; k < d.size(); ++k) {
        const std::string_view w = token_text(body, d[k]);
        if (w == "__global__" || w == "__device__" || w == "__host__" || w == "__constant__" || w == "__managed__")
          space_macros_[name].insert(std::string(w));
      }
    }
  }

  // Queues the expansion of the function-like macro invocation at `i` (its name; `(` follows)
  // for the next round of the split, on the invocation's own lines. Returns the index of the
  // closing `)`, or npos (and an issue) when the splitter cannot expand it.
  std::size_t request_expansion(std::size_t i) {
    const auto& defs = function_macros_.at(std::string(text(i)));
    if (defs.size() != 1 || undefined_.count(defs.front().name)) {
      issue(fmt::format("function-like macro {} defined more than once (the splitter cannot tell which applies)",
                        text(i)),
            i);
      return npos;
    }
    const std::size_t close = matching(i + 1);
    if (!is(close, ")")) {
      issue(fmt::format("use of the function-like macro {} without a closing parenthesis", text(i)), i);
      return npos;
    }
    // Arguments split at top-level commas (only parentheses protect a comma), spelled from their
    // tokens so comments inside a multi-line invocation disappear.
    std::vector<std::string> args(1);
    int depth = 0;
    for (std::size_t k = i + 2; k < close; ++k) {
      if (is(k, "(")) ++depth;
      if (is(k, ")")) --depth;
      if (depth == 0 && is(k, ",")) {
        args.emplace_back();
        continue;
      }
      if (!args.back().empty() && t_[k].begin > t_[k - 1].end) args.back() += ' ';
      args.back() += text(k);
    }
    std::optional<std::string> expansion = expand_function_macro(defs.front(), args);
    if (!expansion) {
      issue(fmt::format("use of the function-like macro {} with {} arguments", text(i), args.size()), i);
      return npos;
    }
    expanded_bytes_ += expansion->size();
    if (expanded_bytes_ > kMaxExpansionBytes) {
      issue(fmt::format("function-like macro {} expands to more than {} KiB", text(i), kMaxExpansionBytes / 1024), i);
      return npos;
    }
    expansions_.push_back(replace(t_[i].begin, t_[close].end, std::move(*expansion)));
    return close;
  }

  // A macro used inside a host function must be expanded when its own text launches a kernel or
  // names one (or a device variable, or a symbol call) that the host rewrites have to see.
  bool macro_needs_host_rewrite(std::string_view name) const {
    const auto m = function_macros_.find(std::string(name));
    if (m == function_macros_.end() || m->second.size() != 1) return false;
    const std::string& body = m->second.front().body;
    const std::vector<Token> b = lex(body);
    for (const Token& t : b) {
      const std::string_view w = token_text(body, t);
      if (w == "<<<" || w.starts_with("cudaMemcpyToSymbol") || w.starts_with("cudaMemcpyFromSymbol") ||
          w == "cudaGetSymbolAddress" || w == "cudaGetSymbolSize")
        return true;
      for (const Entity& e : entities_)
        if ((e.space == Space::kernel || (e.space == Space::device && e.kind == EntityKind::variable)) && e.name == w)
          return true;
    }
    return false;
  }

  // The directive without its `#`.
  static std::string_view directive_body(std::string_view d) {
    std::size_t k = d.find('#');
    return k == std::string_view::npos ? d : d.substr(k + 1);
  }

  // ---- scopes and entities -------------------------------------------------------------------

  void parse_scope(std::size_t& i, std::vector<std::string>& ns, bool nested) {
    while (i < t_.size()) {
      if (t_[i].kind == TokenKind::directive) {
        check_include(i);
        ++i;
      } else if (is(i, "}")) {
        if (nested) {
          ++i;
          return;
        }
        ++i;  // a stray brace: nothing to close
      } else if (is(i, ";")) {
        ++i;
      } else if (std::optional<std::size_t> open = scope_opening(i)) {
        const std::size_t head = i;
        i = *open + 1;
        std::vector<std::string> inner = ns;
        if (is(head, "namespace") || (is(head, "inline") && is(head + 1, "namespace")))
          for (std::size_t k = head; k < *open; ++k)
            if (ident(k) && text(k) != "namespace" && text(k) != "inline") inner.emplace_back(text(k));
        if (depth_++ > 200) return;  // absurd nesting: leave the rest unsplit rather than recurse on
        parse_scope(i, inner, true);
        --depth_;
      } else {
        parse_entity(i, ns);
      }
    }
  }

  // `namespace a::b {`, `inline namespace v1 {`, `namespace {`, `extern "C" {`: the `{` index.
  std::optional<std::size_t> scope_opening(std::size_t i) const {
    if (is(i, "extern") && i + 2 < t_.size() && t_[i + 1].kind == TokenKind::string && is(i + 2, "{")) return i + 2;
    std::size_t k = is(i, "inline") ? i + 1 : i;
    if (!is(k, "namespace")) return std::nullopt;
    for (++k; k < t_.size(); ++k) {
      if (is(k, "{")) return k;
      if (!ident(k) && !is(k, "::")) return std::nullopt;  // `namespace x = y;`
    }
    return std::nullopt;
  }

  void check_include(std::size_t i) {
    const std::string body(directive_body(text(i)));
    const std::vector<Token> d = lex(body);
    if (d.size() < 2 || token_text(body, d[0]) != "include") return;
    // Local headers are inlined before the split (compile/local_includes.hpp); a quoted include
    // still here was found nowhere next to the file ("cuda_fp16.h" from the CUDA folder, or a
    // missing file the compilers report): it is treated as <...>.
    const bool quoted = d[1].kind == TokenKind::string;
    const std::size_t lt = body.find(quoted ? '"' : '<');
    const std::size_t gt = lt == std::string::npos ? lt : body.find(quoted ? '"' : '>', lt + 1);
    if (lt == std::string::npos || gt == std::string::npos) return;
    const std::string h = body.substr(lt + 1, gt - lt - 1);
    if (h.starts_with("thrust/") || h.starts_with("cub/device/") || h.starts_with("cub/agent/"))
      issue(fmt::format("thrust/CUB header <{}> (device-wide algorithms)", h), i);
    // Block- and warp-level CUB is device code: NVRTC compiles it from CCCL, the host part
    // never sees it (host code naming cub:: is reported where it does).
    if (h.starts_with("cub/")) host_edits_.push_back(blank(t_[i].begin, t_[i].end, false));
    if (!device_header(h)) dev_edits_.push_back(blank(t_[i].begin, t_[i].end, false));
  }

  // Skips `template <...>` prefixes; returns the first token after them.
  std::size_t skip_template_prefix(std::size_t i) const {
    while (is(i, "template") && is(i + 1, "<")) {
      int depth = 0;
      std::size_t k = i + 1;
      for (; k < t_.size(); ++k) {
        const std::string_view w = text(k);
        if (w == "<" || w == "(" || w == "[") ++depth;
        if (w == ")" || w == "]") --depth;
        if (w == ">") --depth;
        if (w == ">>") depth -= 2;
        if (w == ">>>") depth -= 3;
        if (w == "{" || w == ";") return k;  // malformed
        if (depth <= 0) break;
      }
      i = k + 1;
    }
    return i;
  }

  std::size_t matching(std::size_t open) const {
    const std::string_view o = text(open);
    const std::string_view c = o == "{" ? "}" : o == "(" ? ")" : "]";
    int depth = 0;
    for (std::size_t k = open; k < t_.size(); ++k) {
      if (text(k) == o) ++depth;
      if (text(k) == c && --depth == 0) return k;
    }
    return t_.size() - 1;
  }

  void parse_entity(std::size_t& i, const std::vector<std::string>& ns) {
    Entity e;
    e.first = i;
    e.ns = ns;
    const std::size_t head = skip_template_prefix(i);
    e.is_template = head != i;
    if (ident(i) && is(i + 1, "(") && function_macros_.count(std::string(text(i)))) {
      if (const std::size_t close = request_expansion(i); close != npos) {
        i = close + 1;
        return;
      }
    }
    bool saw_eq = false, saw_class = false, saw_paren = false;
    std::size_t k = head;
    for (; k < t_.size(); ++k) {
      const std::string_view w = text(k);
      if (t_[k].kind == TokenKind::directive) {
        issue("preprocessor line inside a declaration", k);
        continue;
      }
      if (w == ";" || w == "}") break;
      if (w == "=") saw_eq = true;
      if (!saw_eq && !saw_paren && (w == "struct" || w == "class" || w == "union" || w == "enum")) saw_class = true;
      if (w == "(" || w == "[") {
        if (w == "(" && !saw_eq) saw_paren = true;
        k = matching(k);
        continue;
      }
      if (w == "{") {
        if (saw_eq || saw_class || !saw_paren) {
          k = matching(k);  // an initializer or a class body: the entity goes on to the `;`
          continue;
        }
        e.body_open = k;
        e.body_close = matching(k);
        k = e.body_close;
        break;
      }
    }
    if (k >= t_.size()) k = t_.size() - 1;
    if (is(k, "}") && e.body_open == npos && k > e.first) --k;  // a closing brace of the enclosing scope
    e.last = std::max(k, e.first);
    i = e.last + 1;
    classify(e, head, saw_eq, saw_class, saw_paren);
    entities_.push_back(std::move(e));
  }

  void classify(Entity& e, std::size_t head, bool saw_eq, bool saw_class, bool saw_paren) {
    bool global = false, device = false, host = false, dev_var = false;
    std::size_t stop = e.body_open != npos ? e.body_open : e.last + 1;
    std::size_t name_tok = npos, paren = npos;
    for (std::size_t k = head; k < stop; ++k) {
      const std::string_view w = text(k);
      if (w == "=" || (w == "{" && e.body_open == npos)) break;
      if (w == "(" && paren == npos && !(k > 0 && is_specifier_call(k - 1))) paren = k;
      if (w == "(" || w == "[") {
        k = matching(k);
        continue;
      }
      std::set<std::string> words = {std::string(w)};
      if (auto m = space_macros_.find(std::string(w)); m != space_macros_.end()) words = m->second;
      for (const std::string& x : words) {
        global |= x == "__global__";
        device |= x == "__device__";
        host |= x == "__host__";
        dev_var |= x == "__constant__";
        if (x == "__managed__") issue("__managed__ variable", k);
      }
      if (w == "const" || w == "constexpr") e.is_const = true;
      if (ident(k) && paren == npos) name_tok = k;
      if (w == "," && paren == npos) break;
    }
    // Namespace aliases (`namespace cg = cooperative_groups;`) too: both halves use them.
    if (saw_class || is(head, "typedef") || is(head, "using") || is(head, "static_assert") || is(head, "template") ||
        is(head, "friend") || is(head, "namespace")) {
      e.kind = EntityKind::other;
      e.space = Space::both;
      e.is_class = saw_class;
      e.name = declared_name(e, head);
      return;
    }
    if (saw_paren && !saw_eq && paren != npos) {
      e.kind = EntityKind::function;
      e.params_open = paren;
      std::size_t n = paren - 1;
      if (is(n, ">")) n = back_to_open_angle(n);
      if (ident(n)) e.name = std::string(text(n));
      e.space = global ? Space::kernel : (device && host) ? Space::both : device ? Space::device : Space::host;
      return;
    }
    e.kind = EntityKind::variable;
    if (name_tok != npos) e.name = std::string(text(name_tok));
    e.space = (device || dev_var) ? Space::device : e.is_const ? Space::both : Space::host;
  }

  // The name a type, alias or typedef declares (for the host-side check of block-level CUB).
  std::string declared_name(const Entity& e, std::size_t head) const {
    if ((is(head, "using") || is(head, "namespace")) && ident(head + 1)) return std::string(text(head + 1));
    if (is(head, "typedef")) {
      for (std::size_t k = e.last + 1; k-- > head;)
        if (ident(k)) return std::string(text(k));
      return "";
    }
    for (std::size_t k = head; k < e.last; ++k)
      if ((is(k, "struct") || is(k, "class") || is(k, "union")) && ident(k + 1)) return std::string(text(k + 1));
    return "";
  }

  bool is_specifier_call(std::size_t k) const {
    const std::string_view w = text(k);
    return w == "alignas" || w == "__align__" || w == "decltype" || w == "__launch_bounds__" || w == "__attribute__";
  }

  std::size_t back_to_open_angle(std::size_t close) const {
    int depth = 0;
    for (std::size_t k = close + 1; k-- > 0;) {
      if (is(k, ">")) ++depth;
      if (is(k, ">>")) depth += 2;
      if (is(k, "<") && --depth == 0) return k == 0 ? 0 : k - 1;
      if (is(k, ";") || is(k, "{") || is(k, "}")) break;
    }
    return close;
  }

  // ---- emitting --------------------------------------------------------------------------------

  // Spaces for everything but newlines; preprocessor conditionals and #define/#undef survive so
  // the structure of the file and its macros stay the same on both sides, and #line (a local
  // header inlined inside an entity) so that messages keep naming the right file and line.
  Edit blank(std::size_t begin, std::size_t end, bool keep_directives) const {
    std::string out(s_.substr(begin, end - begin));
    for (char& c : out)
      if (c != '\n') c = ' ';
    if (keep_directives) {
      for (const Token& t : t_) {
        if (t.kind != TokenKind::directive || t.begin < begin || t.end > end) continue;
        const std::string_view d = directive_body(token_text(s_, t));
        const std::vector<Token> w = lex(d);
        if (w.empty()) continue;
        const std::string_view word = token_text(d, w[0]);
        if (word == "if" || word == "ifdef" || word == "ifndef" || word == "elif" || word == "else" ||
            word == "endif" || word == "define" || word == "undef" || word == "line")
          out.replace(t.begin - begin, t.end - t.begin, token_text(s_, t));
      }
    }
    return {begin, end, out};
  }

  // `text` followed by the newlines of the original range, so no line moves.
  Edit replace(std::size_t begin, std::size_t end, std::string text) const {
    text += std::string(static_cast<std::size_t>(std::count(s_.begin() + begin, s_.begin() + end, '\n')), '\n');
    return {begin, end, std::move(text)};
  }

  void emit(const Entity& e) {
    const std::size_t begin = t_[e.first].begin, end = t_[e.last].end;
    if (e.space == Space::kernel) ++r_.kernels;
    switch (e.space) {
      case Space::host:
        dev_edits_.push_back(blank(begin, end, true));
        if (e.kind == EntityKind::function && e.body_open != npos) rewrite_host_body(e);
        break;
      case Space::device:
        if (e.kind == EntityKind::function) host_edits_.push_back(blank(begin, end, true));
        check_device_body(e);
        break;
      case Space::kernel:
        if (e.body_open != npos)
          host_edits_.push_back(replace(t_[e.body_open].begin, t_[e.body_close].end, "{}" + overload_pick(e)));
        check_device_body(e);
        break;
      case Space::both:
        if (names_cub(e)) {
          // `using BlockReduce = cub::BlockReduce<...>;` and types built on it: device only.
          host_edits_.push_back(blank(begin, end, true));
          if (!e.name.empty()) cub_names_.insert(e.name);
        } else if (e.is_class) {
          strip_device_members(e.first, e.last, 0);
        }
        check_device_body(e);
        break;
    }
  }

  bool names_cub(const Entity& e) const {
    for (std::size_t k = e.first; k <= e.last; ++k)
      if ((is(k, "cub") && is(k + 1, "::")) || (ident(k) && cub_names_.count(std::string(text(k))))) return true;
    return false;
  }

  // Member functions marked __device__ (not __host__) inside the class bodies of [first, last]
  // keep only their declaration in the host part: their bodies use device built-ins g++ lacks.
  void strip_device_members(std::size_t first, std::size_t last, int depth) {
    if (depth > 64) return;
    for (std::size_t k = first; k <= last && k < t_.size(); ++k) {
      if (!is(k, "{")) continue;
      const std::size_t close = matching(k);
      if (class_body_before(k, first)) strip_member_bodies(k, close, depth);
      k = close;
    }
  }

  // Whether the `{` at `open` opens a class body: a class-key comes before it, after `first`,
  // with no parenthesis or `=` in between.
  bool class_body_before(std::size_t open, std::size_t first) const {
    for (std::size_t k = open; k-- > first;) {
      if (is(k, "struct") || is(k, "class") || is(k, "union")) return true;
      if (is(k, ")") || is(k, "=") || is(k, ";") || is(k, "}") || is(k, "{")) return false;
    }
    return false;
  }

  void strip_member_bodies(std::size_t open, std::size_t close, int depth) {
    std::size_t k = open + 1;
    while (k < close) {
      if ((is(k, "public") || is(k, "private") || is(k, "protected")) && is(k + 1, ":")) {
        k += 2;
        continue;
      }
      if (is(k, ";") || t_[k].kind == TokenKind::directive) {
        ++k;
        continue;
      }
      bool device = false, host = false, paren = false, eq = false, cls = false;
      std::size_t body = npos, init_list = npos;  // init_list: the `:` of a constructor's initializers
      for (k = skip_template_prefix(k); k < close; ++k) {
        const std::string_view w = text(k);
        if (w == ";") break;
        if (w == "=" && !paren) eq = true;
        if (!paren && !eq && (w == "struct" || w == "class" || w == "union" || w == "enum")) cls = true;
        std::set<std::string> words = {std::string(w)};
        if (auto m = space_macros_.find(std::string(w)); m != space_macros_.end()) words = m->second;
        device |= words.count("__device__") > 0;
        host |= words.count("__host__") > 0;
        if (w == "(" || w == "[") {
          paren |= w == "(" && !eq;
          k = matching(k);
          continue;
        }
        if (w == ":" && paren && init_list == npos) init_list = k;
        if (w != "{") continue;
        const std::size_t end = matching(k);
        if (cls) strip_member_bodies(k, end, depth + 1);
        if (cls || eq || !paren || (init_list != npos && (ident(k - 1) || is(k - 1, ">")))) {
          k = end;  // a nested class, an initializer: the member goes on
          continue;
        }
        body = k;
        break;
      }
      if (body == npos) {
        ++k;
        continue;
      }
      const std::size_t end = matching(body);
      // A constructor loses its member initializers with its body: they may use device code too.
      const std::size_t from = init_list != npos ? init_list : body;
      if (device && !host) host_edits_.push_back(replace(t_[from].begin, t_[end].end, ";"));
      k = end + 1;
    }
  }

  void check_device_body(const Entity& e) {
    if (e.body_open == npos) return;
    for (std::size_t k = e.body_open; k <= e.body_close; ++k)
      if (is(k, "<<<")) issue("kernel launch from device code (dynamic parallelism)", k);
  }

  // ---- host bodies: launches, kernel handles, symbol calls -------------------------------------

  // The kernel a host body names at token `at`, used from host function `f`: the one definition
  // of that name (declarations may repeat it), or, with several (the same name in two
  // namespaces), the one the written qualification or the enclosing namespaces select.
  const Entity* find_kernel(std::string_view name, std::size_t at, const Entity& f) {
    std::vector<const Entity*> defined;
    const Entity* declared = nullptr;
    for (const Entity& e : entities_) {
      if (e.space != Space::kernel || e.name != name) continue;
      if (e.body_open != npos) defined.push_back(&e);
      declared = &e;
    }
    if (defined.size() <= 1) return defined.empty() ? declared : defined.front();
    std::vector<std::string> written;  // `a::b::k` -> {a, b}
    std::size_t q = at;
    for (; is(q - 1, "::") && ident(q - 2); q -= 2) written.insert(written.begin(), std::string(text(q - 2)));
    const bool global = is(q - 1, "::");
    std::vector<const Entity*> chosen;
    std::size_t best = 0;
    for (const Entity* e : defined) {
      if (!written.empty() || global) {
        const bool ends_with =
            e->ns.size() >= written.size() && std::equal(written.begin(), written.end(), e->ns.end() - written.size());
        if (ends_with && (!global || e->ns.size() == written.size())) chosen.push_back(e);
        continue;
      }
      // Unqualified: the innermost enclosing namespace of f that defines the name.
      const bool encloses = e->ns.size() <= f.ns.size() && std::equal(e->ns.begin(), e->ns.end(), f.ns.begin());
      if (!encloses || e->ns.size() < best) continue;
      if (e->ns.size() > best || chosen.empty()) chosen.clear();
      best = e->ns.size();
      chosen.push_back(e);
    }
    if (chosen.size() == 1) return chosen.front();
    // Overloads (one namespace, no templates) are launched through their picks (overload_pick).
    const bool one_set = std::all_of(chosen.begin(), chosen.end(), [&](const Entity* e) {
      return e->ns == chosen.front()->ns && !e->is_template && e->params_open != npos;
    });
    if (one_set) return chosen.front();
    issue(fmt::format("overloaded or repeated kernel name {}", name), at);
    return nullptr;
  }

  // ---- overloaded kernels ----------------------------------------------------------------------
  // C++ picks among overloads by the launch's arguments, so the host part lets the host compiler
  // do it: each overload gets a host declaration `Pick<index, void(*)(params)> judge_overload_k(params);`
  // beside its stub, and a launch becomes `launcher(decltype(judge_overload_k(args)){}, ...)`. The
  // device part names each overload by `static_cast<void(*)(params)>(ns::k)`.

  bool is_overloaded(const Entity& e) const {
    if (e.space != Space::kernel || e.body_open == npos) return false;
    int defined = 0;
    for (const Entity& o : entities_)
      defined += o.space == Space::kernel && o.body_open != npos && o.name == e.name && o.ns == e.ns;
    return defined > 1;
  }

  // The parameter list of function `e` on one line: default arguments dropped (`drop_defaults`,
  // for a function type), names of this file's namespace-scope entities qualified (NVRTC reads a
  // name expression at global scope).
  std::optional<std::string> parameter_text(const Entity& e, bool drop_defaults, bool qualify) const {
    const std::size_t close = matching(e.params_open);
    std::string out;
    bool in_default = false;
    int depth = 0;
    for (std::size_t k = e.params_open + 1; k < close; ++k) {
      if (t_[k].kind == TokenKind::directive) return std::nullopt;
      const std::string_view w = text(k);
      if (w == "(" || w == "[" || w == "{" || w == "<") ++depth;
      if (w == ")" || w == "]" || w == "}" || w == ">") --depth;
      if (depth == 0 && w == ",") in_default = false;
      if (depth == 0 && w == "=" && drop_defaults) in_default = true;
      if (in_default) continue;
      if (!out.empty() && t_[k].begin > t_[k - 1].end) out += ' ';
      const std::optional<std::string> q = qualify && ident(k) && !is(k - 1, "::") ? qualify_argument(w) : std::nullopt;
      out += q ? *q : std::string(w);
    }
    return out;
  }

  // The host declaration that carries overload `e`'s index; empty when `e` is not an overload.
  std::string overload_pick(const Entity& e) {
    if (!is_overloaded(e)) return "";
    const std::optional<std::string> type = parameter_text(e, true, true);
    const std::optional<std::string> params = parameter_text(e, false, false);
    if (e.is_template || !type || !params) {
      issue(fmt::format("overloaded or repeated kernel name {}", e.name), e.params_open);
      return "";
    }
    const std::string pointer = fmt::format("void (*)({})", *type);
    const int index = name_index(fmt::format("static_cast<{}>({})", pointer, qualified(e)), false);
    return fmt::format(" ::judge_nvrtc::Pick<{}, {}> judge_overload_{}({});", index, pointer, e.name, *params);
  }

  // Rewrites the launch of overloaded kernel `w` at [start, after] (`after` is the `<<<`).
  void rewrite_overloaded_launch(std::string_view w, std::size_t k, std::size_t start, std::size_t after) {
    const std::size_t close = launch_close(after);
    if (close == npos || !is(close + 1, "(")) {
      issue("kernel launch without a closing >>> and arguments", after);
      return;
    }
    const std::size_t args_close = matching(close + 1);
    std::string args;
    for (std::size_t a = close + 2; a < args_close; ++a) {
      if (t_[a].kind == TokenKind::directive) {
        issue(fmt::format("preprocessor line inside the launch of overloaded kernel {}", w), a);
        return;
      }
      if (!args.empty() && t_[a].begin > t_[a - 1].end) args += ' ';
      args += text(a);
    }
    std::string prefix(s_.substr(t_[start].begin, t_[k].begin - t_[start].begin));
    std::erase_if(prefix, [](char c) { return c == '\n' || c == '\r'; });
    ++r_.launches;
    host_edits_.push_back(
        replace(t_[start].begin, t_[after].end,
                fmt::format("judge_nvrtc::launcher(decltype({}judge_overload_{}({})){{}}, ", prefix, w, args)));
    host_edits_.push_back(replace(t_[close].begin, t_[close].end, ")"));
  }

  const Entity* find_variable(std::string_view name) const {
    for (const Entity& e : entities_)
      if (e.kind == EntityKind::variable && e.space == Space::device && e.name == name) return &e;
    return nullptr;
  }

  static std::string qualified(const Entity& e) {
    std::string q;
    for (const std::string& n : e.ns) q += n + "::";
    return q + e.name;
  }

  int name_index(std::string text, bool variable) {
    for (std::size_t k = 0; k < r_.names.size(); ++k)
      if (r_.names[k].text == text) return static_cast<int>(k);
    r_.names.push_back({std::move(text), variable});
    return static_cast<int>(r_.names.size() - 1);
  }

  // Namespace-scope names that template arguments may use, to qualify them for NVRTC.
  std::optional<std::string> qualify_argument(std::string_view w) const {
    for (const Entity& e : entities_)
      if (e.name == w && e.kind != EntityKind::function && !e.ns.empty()) return qualified(e);
    return std::nullopt;
  }

  // Locals of the body declared const/constexpr with an initializer (`constexpr int kBlock = 256;`):
  // name -> `static_cast<int>(256)`, what the name expression uses in their place, since the
  // device part has no such name at namespace scope. The type keeps an `auto` template parameter
  // (and the lowered name) the same; names in an initializer that are local constants themselves
  // are replaced when the expression is built.
  std::map<std::string, std::string> local_constants(const Entity& f) const {
    std::map<std::string, std::string> out;
    for (std::size_t k = f.body_open + 1; k < f.body_close; ++k) {
      if (!(is(k - 1, ";") || is(k - 1, "{") || is(k - 1, "}"))) continue;  // a statement's start
      std::size_t j = k;
      bool constant = false;
      while (is(j, "constexpr") || is(j, "const") || is(j, "static")) constant |= !is(j++, "static");
      std::string type;
      for (; j < f.body_close && ident(j) && !(is(j + 1, "=") || is(j + 1, "{")); ++j) {
        if (is(j, "const") || is(j, "constexpr")) {
          constant = true;
          continue;
        }
        type += (type.empty() ? "" : " ") + std::string(text(j));
      }
      if (!constant || type.empty() || !ident(j)) continue;
      while (ident(j) && (is(j + 1, "=") || is(j + 1, "{"))) {  // each declarator: name = init
        const std::size_t init = j + 2;                         // after `=`, or inside `{`
        std::size_t end = init;
        if (is(j + 1, "{")) {
          end = matching(j + 1);
        } else {
          for (int depth = 0; end < f.body_close; ++end) {
            if (is(end, "(") || is(end, "[") || is(end, "{")) ++depth;
            if (is(end, ")") || is(end, "]") || is(end, "}")) --depth;
            if (depth == 0 && (is(end, ",") || is(end, ";"))) break;
          }
        }
        std::string value;
        for (std::size_t v = init; v < end; ++v)
          value += std::string(v > init && t_[v].begin > t_[v - 1].end ? " " : "") + std::string(text(v));
        out.emplace(std::string(text(j)),
                    type == "auto" ? "(" + value + ")" : fmt::format("static_cast<{}>({})", type, value));
        j = is(end, "}") ? end + 1 : end;
        if (!is(j, ",")) break;
        ++j;
      }
    }
    return out;
  }

  // `value` with the local constants it names replaced, depth-limited (`constexpr int B = A * 2;`).
  std::string substitute_locals(const std::string& value, const std::map<std::string, std::string>& locals,
                                int depth) const {
    if (depth > 8) return value;
    std::string out;
    const std::vector<Token> toks = lex(value);
    for (std::size_t k = 0; k < toks.size(); ++k) {
      const std::string_view w = token_text(value, toks[k]);
      const bool after_scope = k > 0 && token_text(value, toks[k - 1]) == "::";
      const auto l = toks[k].kind == TokenKind::identifier && !after_scope ? locals.find(std::string(w)) : locals.end();
      if (k > 0 && toks[k].begin > toks[k - 1].end) out += ' ';  // the initializer's own spacing
      out += l != locals.end() ? substitute_locals(l->second, locals, depth + 1) : std::string(w);
    }
    return out;
  }

  void rewrite_host_body(const Entity& f) {
    const std::map<std::string, std::string> locals = local_constants(f);
    for (std::size_t k = f.body_open + 1; k < f.body_close; ++k) {
      const std::string_view w = text(k);
      if ((w == "thrust" || w == "cub") && is(k + 1, "::")) {
        issue(fmt::format("{}:: algorithms called from host code", w), k);
        continue;
      }
      if (cub_names_.count(std::string(w)) && !is(k - 1, "::")) {
        issue(fmt::format("{} (block-level CUB) used in host code", w), k);
        continue;
      }
      if (w == "__device__" || w == "__host__" || w == "__global__") {
        issue(fmt::format("{} inside a host function (extended lambda)", w), k);
        continue;
      }
      if (w == "<<<") {
        issue("launch of something that is not a kernel of this file", k);
        continue;
      }
      if (!ident(k) || is(k - 1, ".") || is(k - 1, "->")) continue;
      if (is(k + 1, "(") && macro_needs_host_rewrite(w)) {
        if (const std::size_t close = request_expansion(k); close != npos) {
          k = close;
          continue;
        }
      }
      if (std::size_t next = rewrite_symbol_call(k); next != npos) {
        k = next;
        continue;
      }
      const Entity* kernel = find_kernel(w, k, f);
      if (!kernel) continue;
      std::size_t start = k;
      while (is(start - 1, "::") && ident(start - 2)) start -= 2;  // ns::k
      if (is(start - 1, "::")) --start;                            // ::k
      std::size_t after = k + 1;
      std::string args;
      bool deduced_args = false;  // `args` deduced here, not written in the source
      if (is(after, "<")) {
        std::size_t close = after;
        if (!template_arguments(after, f, locals, close, args)) return;
        after = close + 1;
      } else if (kernel->is_template && is(after, "<<<")) {
        const std::optional<std::string> deduced = deduce_launch(*kernel, f, after);
        if (!deduced) {
          issue(fmt::format("launch of kernel template {} with arguments the splitter cannot deduce", w), k);
          return;
        }
        args = *deduced;
        deduced_args = true;
      }
      if (f.is_template) {
        issue(fmt::format("kernel {} used inside a host function template", w), k);
        return;
      }
      if (is_overloaded(*kernel)) {
        if (!is(after, "<<<") || !args.empty()) {
          issue(fmt::format("overloaded kernel {} used other than in a launch", w), k);
          return;
        }
        rewrite_overloaded_launch(w, k, start, after);
        k = after;
        continue;
      }
      const std::string expr = qualified(*kernel) + (args.empty() && !deduced_args ? "" : "<" + args + ">");
      const std::string host_name = std::string(s_.substr(t_[start].begin, t_[after - 1].end - t_[start].begin)) +
                                    (deduced_args ? "<" + args + ">" : "");
      const int index = name_index(expr, false);
      if (is(after, "<<<")) {
        const std::size_t close = launch_close(after);
        if (close == npos) {
          issue("kernel launch without a closing >>>", after);
          return;
        }
        ++r_.launches;
        host_edits_.push_back(
            replace(t_[start].begin, t_[after].end, fmt::format("judge_nvrtc::launcher({}, &{}, ", index, host_name)));
        host_edits_.push_back(replace(t_[close].begin, t_[close].end, ")"));
        k = after;
      } else {
        if (kernel->is_template && args.empty()) {
          issue(fmt::format("kernel template {} used without template arguments", w), k);
          return;
        }
        if (is(start - 1, "&")) --start;
        host_edits_.push_back(
            replace(t_[start].begin, t_[after - 1].end, fmt::format("judge_nvrtc::kernel_handle({})", index)));
        k = after - 1;
      }
    }
  }

  // ---- deduced template arguments (compile/template_deduction.hpp) -----------------------------

  // Token texts of [from, to), split at top-level commas.
  std::vector<std::vector<std::string>> comma_list(std::size_t from, std::size_t to) const {
    std::vector<std::vector<std::string>> out(1);
    int depth = 0;
    for (std::size_t k = from; k < to; ++k) {
      const std::string_view w = text(k);
      if (w == "(" || w == "[" || w == "{" || w == "<") ++depth;
      if (w == ")" || w == "]" || w == "}" || w == ">") --depth;
      if (w == ">>") depth -= 2;
      if (depth == 0 && w == ",") {
        out.emplace_back();
        continue;
      }
      out.back().emplace_back(w);
    }
    if (out.size() == 1 && out[0].empty()) out.clear();
    return out;
  }

  static std::vector<std::string> before_default(std::vector<std::string> tokens) {
    if (const auto eq = std::find(tokens.begin(), tokens.end(), "="); eq != tokens.end())
      tokens.erase(eq, tokens.end());
    return tokens;
  }

  // The declared type of variable `name` as function `f` sees it before token `at`: one of f's
  // parameters, or the last plain local declaration (`const float* p = ...;`, `int n;`).
  std::optional<TypeTokens> declared_type(const Entity& f, std::string_view name, std::size_t at) const {
    std::optional<TypeTokens> found;
    for (const auto& p : comma_list(f.params_open + 1, matching(f.params_open))) {
      const Declarator d = split_declarator(before_default(p));
      if (d.name == name) found = d.type;
    }
    for (std::size_t j = f.body_open + 1; j < at; ++j) {
      if (text(j) != name || !(is(j + 1, "=") || is(j + 1, ";") || is(j + 1, "{") || is(j + 1, "(") || is(j + 1, "[")))
        continue;
      if (!(ident(j - 1) || is(j - 1, "*") || is(j - 1, "&"))) continue;
      std::size_t s = j;
      while (s > f.body_open + 1 && !is(s - 1, ";") && !is(s - 1, "{") && !is(s - 1, "}") && !is(s - 1, "(")) --s;
      TypeTokens type;
      bool plain = true;
      for (std::size_t k = s; k < j; ++k) {
        const std::string_view w = text(k);
        if (w == "static" || w == "register") continue;
        if (w == "constexpr") {
          type.emplace_back("const");
          continue;
        }
        plain &= w != "," && w != "auto" && w != "return" && w != "=" && w != "." && w != "->";
        type.emplace_back(w);
      }
      if (plain && !type.empty() && !is(j + 1, "[")) found = type;
      if (!plain || is(j + 1, "[")) found.reset();
    }
    return found;
  }

  // The template arguments of a launch of kernel template `kernel` written without them (`<<<` at
  // `open`), deduced from the declared types of its arguments, as an argument list text.
  std::optional<std::string> deduce_launch(const Entity& kernel, const Entity& f, std::size_t open) const {
    if (!is(kernel.first, "template") || !is(kernel.first + 1, "<") || kernel.params_open == npos) return std::nullopt;
    std::size_t template_close = kernel.first + 1;
    for (int depth = 0; template_close < kernel.params_open; ++template_close) {
      if (is(template_close, "<")) ++depth;
      if (is(template_close, ">") && --depth == 0) break;
    }
    std::vector<TemplateParam> params;
    for (const auto& p : comma_list(kernel.first + 2, template_close)) {
      if (p.empty()) return std::nullopt;
      TemplateParam t;
      t.is_type = p[0] == "typename" || p[0] == "class";
      t.has_default = std::find(p.begin(), p.end(), "=") != p.end();
      const std::vector<std::string> head = before_default(p);
      t.name = head.back();
      params.push_back(std::move(t));
    }
    std::vector<TypeTokens> parameter_types;
    for (const auto& p : comma_list(kernel.params_open + 1, matching(kernel.params_open)))
      parameter_types.push_back(split_declarator(before_default(p)).type);
    const std::size_t close = launch_close(open);
    if (close == npos || !is(close + 1, "(")) return std::nullopt;
    std::vector<std::optional<TypeTokens>> arg_types;
    for (const auto& a : comma_list(close + 2, matching(close + 1)))
      arg_types.push_back(a.size() == 1 ? declared_type(f, a[0], open) : std::nullopt);
    const auto deduced = deduce_template_arguments(params, parameter_types, arg_types);
    if (!deduced) return std::nullopt;
    std::string out;
    for (const std::string& d : *deduced) out += (out.empty() ? "" : ", ") + d;
    return out;
  }

  // `<...>` after a kernel name: the argument text for the name expression, qualified.
  bool template_arguments(std::size_t open, const Entity& f, const std::map<std::string, std::string>& locals,
                          std::size_t& close, std::string& args) {
    int depth = 0;
    for (std::size_t k = open; k < f.body_close; ++k) {
      const std::string_view w = text(k);
      if (w == "<" || w == "(") ++depth;
      if (w == ")") --depth;
      if (w == ">") --depth;
      if (w == ">>") depth -= 2;
      if (depth <= 0 || w == ";" || w == "{") {
        if (w != ">" || depth != 0) {
          issue("template arguments the splitter cannot read", open);
          return false;
        }
        close = k;
        return true;
      }
      if (k == open) continue;
      if (!args.empty() && t_[k].begin > t_[k - 1].end) args += ' ';
      if (ident(k) && !is(k - 1, "::") && locals.count(std::string(w))) {
        args += substitute_locals(std::string(w), locals, 0);
        continue;
      }
      const std::optional<std::string> q = ident(k) && !is(k - 1, "::") ? qualify_argument(w) : std::nullopt;
      args += q ? *q : std::string(w);
    }
    issue("template arguments the splitter cannot read", open);
    return false;
  }

  // The `>>>` that closes the launch configuration opened at `open`.
  std::size_t launch_close(std::size_t open) const {
    int depth = 0;
    for (std::size_t k = open + 1; k < t_.size(); ++k) {
      if (is(k, "(") || is(k, "[") || is(k, "{")) ++depth;
      if (is(k, ")") || is(k, "]") || is(k, "}")) --depth;
      if (depth < 0 || is(k, ";")) return npos;
      if (depth == 0 && is(k, ">>>")) return k;
    }
    return npos;
  }

  // cudaMemcpyToSymbol(sym, ...) and friends on a device variable: the call goes to a helper that
  // finds the variable in the loaded library. Returns the last token handled, or npos.
  std::size_t rewrite_symbol_call(std::size_t k) {
    static const std::map<std::string_view, std::pair<std::string_view, int>> calls = {
        {"cudaMemcpyToSymbol", {"memcpy_to_symbol", 0}},
        {"cudaMemcpyToSymbolAsync", {"memcpy_to_symbol_async", 0}},
        {"cudaMemcpyFromSymbol", {"memcpy_from_symbol", 1}},
        {"cudaMemcpyFromSymbolAsync", {"memcpy_from_symbol_async", 1}},
        {"cudaGetSymbolAddress", {"get_symbol_address", 1}},
        {"cudaGetSymbolSize", {"get_symbol_size", 1}},
    };
    const auto c = calls.find(text(k));
    if (c == calls.end() || !is(k + 1, "(")) return npos;
    const std::size_t close = matching(k + 1);
    std::size_t arg_begin = k + 2;
    for (int n = 0; n < c->second.second; ++n) {  // skip to the symbol argument
      int depth = 0;
      while (arg_begin < close && !(depth == 0 && is(arg_begin, ","))) {
        if (is(arg_begin, "(") || is(arg_begin, "[") || is(arg_begin, "{")) ++depth;
        if (is(arg_begin, ")") || is(arg_begin, "]") || is(arg_begin, "}")) --depth;
        ++arg_begin;
      }
      ++arg_begin;
    }
    std::size_t arg_end = arg_begin;  // one past the symbol's last token
    while (arg_end < close && (ident(arg_end) || is(arg_end, "::"))) ++arg_end;
    const Entity* var = arg_end > arg_begin ? find_variable(text(arg_end - 1)) : nullptr;
    if (!var || !(is(arg_end, ",") || arg_end == close)) {
      issue(fmt::format("{} on something other than a __device__/__constant__ variable of this file", text(k)), k);
      return close;
    }
    const int index = name_index("&" + qualified(*var), true);
    host_edits_.push_back(replace(t_[k].begin, t_[k].end, fmt::format("judge_nvrtc::{}", c->second.first)));
    host_edits_.push_back(replace(t_[arg_begin].begin, t_[arg_end - 1].end, std::to_string(index)));
    return arg_end;
  }

  std::string apply(std::vector<Edit>& edits) const {
    std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::string out;
    std::size_t pos = 0;
    for (const Edit& e : edits) {
      if (e.begin < pos) continue;  // overlapping edits cannot happen; keep the first if they do
      out.append(s_.substr(pos, e.begin - pos));
      out += e.text;
      pos = e.end;
    }
    out.append(s_.substr(pos));
    return out;
  }

  std::string_view s_;
  std::vector<Token> t_;
  std::vector<Entity> entities_;
  std::set<std::string> macros_, undefined_;
  std::set<std::string> cub_names_;  // namespace-scope names whose definition names cub::
  std::map<std::string, std::vector<FunctionMacro>> function_macros_;
  std::vector<Edit> expansions_;  // function-like macro invocations to expand before the next round
  std::size_t expanded_bytes_ = 0;
  std::map<std::string, std::set<std::string>> space_macros_;
  std::vector<Edit> dev_edits_, host_edits_;
  SplitResult r_;
  int depth_ = 0;
};

}  // namespace

SplitResult split_source(std::string_view text) {
  // Function-like macros that define entities or launch kernels are expanded in place and the
  // result split again; nested invocations take one more round each.
  std::string current;
  for (int round = 0;; ++round) {
    Splitter s(round == 0 ? text : std::string_view(current));
    SplitResult r = s.run();
    if (s.expansions().empty()) return r;
    if (round == kMaxExpansionRounds) {
      r.unsupported.insert(
          r.unsupported.begin(),
          {fmt::format("function-like macros nested more than {} deep", kMaxExpansionRounds),
           static_cast<int>(std::count(
               current.begin(), current.begin() + static_cast<std::ptrdiff_t>(s.expansions().front().begin), '\n')) +
               1});
      return r;
    }
    current = s.expanded_text();
  }
}

std::string describe_first_issue(const SplitResult& r) {
  if (r.unsupported.empty()) return "";
  const SplitIssue& i = r.unsupported.front();
  return fmt::format("{} ({}line {})", i.construct, i.file.empty() ? "" : i.file + " ", i.line);
}

}  // namespace judge::compile
