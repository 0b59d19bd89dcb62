// The source splitter's passes, in the order split_source (compile/splitter.cpp) runs them on
// each round's text; the data between them is in compile/split/model.hpp. docs/compile.md ("The
// splitter") walks one example through them.
//
//   1. tokens    text -> SourceTokens                       (tokens.cpp)
//   2. macros    SourceTokens -> Macros                     (macros.cpp)
//   3. entities  SourceTokens, Macros -> entities in order  (entities.cpp, classify.cpp)
//   4. emit      ScannedSource -> edits, name expressions   (emit.cpp; host bodies: host_rewrite.cpp,
//                                                             overloads.cpp, launch_args.cpp)
//   5. assemble  edits -> device and host sources, or the next round's text (compile/splitter.cpp)
//
// Passes 3 and 4 append what they find to one Findings, in the order they find it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "compile/split/model.hpp"

namespace judge::compile::splitting {

// ---- 1. tokens (tokens.cpp) ----------------------------------------------------------------

// The lexer's tokens of `text` with code under `#if 0` left out (it stays as it is in both halves).
SourceTokens scan_tokens(std::string_view text);

// ---- 2. macros (macros.cpp) ------------------------------------------------------------------

Macros collect_macros(const SourceTokens& t);
// Queues the expansion of the function-like macro invocation at `name_tok` (its name; `(`
// follows) for the next round, on the invocation's own lines. Returns the index of the closing
// `)`, or npos (and an issue) when the splitter cannot expand it.
std::size_t request_expansion(const SourceTokens& t, const Macros& m, std::size_t name_tok, Findings& found);
// Whether a macro used inside a host function must be expanded: its own text launches a kernel
// or names one (or a device variable, or a symbol call) that the host rewrite has to see.
bool macro_needs_host_rewrite(const ScannedSource& s, std::string_view name);

// ---- 3. entities (entities.cpp, classify.cpp) -----------------------------------------------

// The namespace-scope entities in file order; include lines and namespace-scope macro
// invocations are handled on the way (edits, expansions and issues in `found`).
std::vector<Entity> scan_entities(const SourceTokens& t, const Macros& m, Findings& found);
// Sets the kind, execution space and name of entity `e`, which the scan cut out as `shape` says.
void classify(const SourceTokens& t, const Macros& m, const EntityShape& shape, Entity& e, Findings& found);

// ---- 4. emit (emit.cpp, host_rewrite.cpp, overloads.cpp, launch_args.cpp) ----------------------

// Every entity in file order: the edits of both halves, name expressions, counts and issues.
void emit_entities(const ScannedSource& s, Findings& found);

// Host function `f`'s body: launches, kernel handles and symbol calls rewritten (host_rewrite.cpp).
void rewrite_host_body(const ScannedSource& s, const Entity& f, Findings& found);

// Overloaded kernels (overloads.cpp): whether kernel `e` has another definition of its name in
// its namespace; the host declaration carrying overload `e`'s index ("" when `e` is not an
// overload); the launch of overloaded kernel `w` (name at `k`, written from `start`, `<<<` at `after`).
bool is_overloaded(const ScannedSource& s, const Entity& e);
std::string overload_pick(const ScannedSource& s, const Entity& e, Findings& found);
void rewrite_overloaded_launch(const ScannedSource& s, std::string_view w, std::size_t k, std::size_t start,
                               std::size_t after, Findings& found);

// Template arguments of kernel references (launch_args.cpp).
// `ns::name` of entity `e`.
std::string qualified(const Entity& e);
// A namespace-scope name of the file that template arguments may use, qualified for NVRTC.
std::optional<std::string> qualify_argument(const ScannedSource& s, std::string_view w);
// Locals of `f`'s body declared const/constexpr with an initializer (`constexpr int kBlock = 256;`):
// name -> `static_cast<int>(256)`, what the name expression uses in their place, since the
// device part has no such name at namespace scope. The type keeps an `auto` template parameter
// (and the lowered name) the same; names in an initializer that are local constants themselves
// are replaced when the expression is built (substitute_locals).
std::map<std::string, std::string> local_constants(const SourceTokens& t, const Entity& f);
// `value` with the local constants it names replaced, depth-limited (`constexpr int B = A * 2;`).
std::string substitute_locals(const std::string& value, const std::map<std::string, std::string>& locals, int depth);
// `<...>` after a kernel name at `open`: its closing `>` and the argument text for the name
// expression, qualified. False (and an issue) when it cannot be read.
bool template_arguments(const ScannedSource& s, std::size_t open, const Entity& f,
                        const std::map<std::string, std::string>& locals, std::size_t& close, std::string& args,
                        Findings& found);
// The template arguments of a launch of kernel template `kernel` written without them (`<<<` at
// `open`, in host function `f`), deduced from the declared types of its arguments.
std::optional<std::string> deduce_launch(const SourceTokens& t, const Entity& kernel, const Entity& f,
                                         std::size_t open);

}  // namespace judge::compile::splitting
