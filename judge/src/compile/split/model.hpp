// The plain data the source splitter's passes hand on (docs/compile.md, "The splitter"): the
// tokens of the text being split, the file's macros, its namespace-scope entities, and what the
// passes find (edits of either half, name expressions, unsupported constructs). The passes
// themselves are declared in compile/split/passes.hpp, one file each.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "compile/lexer.hpp"
#include "compile/macro_expand.hpp"
#include "compile/splitter.hpp"

namespace judge::compile::splitting {

inline constexpr std::size_t npos = static_cast<std::size_t>(-1);

// One replacement in a generated source: bytes [begin, end) of the original become `text`.
struct Edit {
  std::size_t begin, end;
  std::string text;
};

// The directive without its `#`.
std::string_view directive_body(std::string_view directive);

// The text being split and its tokens (code under `#if 0` left out), with the questions every
// pass asks about them. Token indices past the end read as empty text.
struct SourceTokens {
  std::string_view source;
  std::vector<Token> tokens;

  std::size_t size() const { return tokens.size(); }
  const Token& operator[](std::size_t i) const { return tokens[i]; }
  std::string_view text(std::size_t i) const {
    return i < tokens.size() ? token_text(source, tokens[i]) : std::string_view();
  }
  bool is(std::size_t i, std::string_view v) const { return i < tokens.size() && text(i) == v; }
  bool ident(std::size_t i) const { return i < tokens.size() && tokens[i].kind == TokenKind::identifier; }
  bool directive(std::size_t i) const { return i < tokens.size() && tokens[i].kind == TokenKind::directive; }
  int line(std::size_t i) const { return i < tokens.size() ? tokens[i].line : 0; }

  // The `}`, `)` or `]` closing the bracket at `open` (the last token when it is never closed).
  std::size_t matching(std::size_t open) const;
  // Skips `template <...>` prefixes; returns the first token after them.
  std::size_t skip_template_prefix(std::size_t i) const;
  // The token before the `<` that the `>` at `close` closes (a template's name), or `close`.
  std::size_t back_to_open_angle(std::size_t close) const;
  // The `>>>` that closes the launch configuration opened at `open`, or npos.
  std::size_t launch_close(std::size_t open) const;
  // Token texts of [from, to), split at top-level commas.
  std::vector<std::vector<std::string>> comma_list(std::size_t from, std::size_t to) const;

  // Bytes [begin, end) as spaces, newlines kept; with `keep_directives`, preprocessor
  // conditionals, #define/#undef and #line survive, so both halves keep the file's structure,
  // its macros and the lines messages name.
  Edit blank(std::size_t begin, std::size_t end, bool keep_directives) const;
  // `text` followed by the newlines of bytes [begin, end), so no line moves.
  Edit replace(std::size_t begin, std::size_t end, std::string text) const;
};

// The file's own macros, as far as the passes need them.
struct Macros {
  std::set<std::string> undefined;                                  // names #undef'd anywhere
  std::map<std::string, std::vector<FunctionMacro>> function_like;  // every definition of each name
  // Object-like macros whose expansion holds __global__, __device__, __host__, __constant__ or
  // __managed__: those words, which the macro counts as.
  std::map<std::string, std::set<std::string>> spaces;
};

enum class Space : int { host = 0, device = 1, both = 2, kernel = 3 };
enum class EntityKind : int { function = 0, variable = 1, other = 2 };

// One namespace-scope declaration or definition.
struct Entity {
  EntityKind kind = EntityKind::other;
  Space space = Space::host;
  std::size_t first = 0, last = 0;                  // token range, inclusive
  std::size_t body_open = npos, body_close = npos;  // function bodies
  std::size_t params_open = npos;                   // functions: the `(` of the parameter list
  bool is_template = false;
  bool is_const = false;  // const/constexpr variables live on both sides
  // A constexpr function with no execution space: callable from device code under nvcc's
  // --expt-relaxed-constexpr, so the device half declares it __host__ __device__.
  bool is_constexpr = false;
  std::size_t head = 0;   // the first token after any `template <...>` prefix
  bool is_class = false;  // a class/struct/union/enum definition or declaration
  std::string name;
  std::vector<std::string> ns;  // named enclosing namespaces, outermost first
};

// What the scan of the namespace scope saw of an entity, for its classification.
struct EntityShape {
  std::size_t head = 0;    // the first token after any `template <...>` prefix
  bool saw_eq = false;     // an `=` (an initializer) at the entity's top level
  bool saw_class = false;  // a class-key before any `(` or `=`
  bool saw_paren = false;  // a `(` before any `=`: a function (or a direct initializer)
};

// What passes 1 to 3 give the later ones, read-only from then on.
struct ScannedSource {
  SourceTokens tokens;
  Macros macros;
  std::vector<Entity> entities;  // in file order
};

// What the passes find, in the order they find it (it fixes which issue is reported first and
// the index of each name expression).
struct Findings {
  std::vector<Edit> device_edits, host_edits;
  std::vector<Edit> expansions;    // function-like macro invocations to expand before the next round
  std::size_t expanded_bytes = 0;  // their size, bounded (kMaxExpansionBytes)
  std::vector<SplitIssue> issues;  // empty: the nvrtc engine can compile the file
  std::vector<NameExpression> names;
  std::set<std::string> cub_names;  // namespace-scope names whose definition names cub::, so far
  int kernels = 0;
  int launches = 0;

  void issue(std::string what, const SourceTokens& t, std::size_t tok) {
    issues.push_back({std::move(what), t.line(tok)});
  }
  // The index of name expression `text`, added on first use.
  int name_index(std::string text, bool variable);
};

// Bounds on macro expansion, so a hostile or mutated file cannot make the split loop or grow:
// rounds of nested namespace-scope invocations, and bytes produced per round.
inline constexpr int kMaxExpansionRounds = 8;
inline constexpr std::size_t kMaxExpansionBytes = 1 << 20;
// A bound on the text of a launch's template arguments once local constants are replaced: a
// constant that names another several times over, nested (`constexpr int B = A + A + A;`), grows
// it geometrically.
inline constexpr std::size_t kMaxArgumentBytes = 64 * 1024;

}  // namespace judge::compile::splitting
