// Pass 3 of the splitter, second half: classify. Takes one entity as the scan cut it out (its
// token range, body and EntityShape) and gives its kind (function, variable, other), its
// execution space (host, device, both, kernel) and its name. Object-like macros that stand for
// __global__, __device__, __host__ or __constant__ count as those words; a __managed__ variable
// is an issue. Called by the scan for each entity as it is found, so issues stay in file order.
#include <set>

#include "compile/split/passes.hpp"

namespace judge::compile::splitting {
namespace {

// `alignas(...)`, `__launch_bounds__(...)` and the like: a `(` that is not a parameter list.
bool is_specifier_call(const SourceTokens& t, std::size_t k) {
  const std::string_view w = t.text(k);
  return w == "alignas" || w == "__align__" || w == "decltype" || w == "__launch_bounds__" || w == "__attribute__";
}

// The name a type, alias or typedef declares (for the host-side check of block-level CUB).
std::string declared_name(const SourceTokens& t, const Entity& e, std::size_t head) {
  if ((t.is(head, "using") || t.is(head, "namespace")) && t.ident(head + 1)) return std::string(t.text(head + 1));
  if (t.is(head, "typedef")) {
    for (std::size_t k = e.last + 1; k-- > head;)
      if (t.ident(k)) return std::string(t.text(k));
    return "";
  }
  for (std::size_t k = head; k < e.last; ++k)
    if ((t.is(k, "struct") || t.is(k, "class") || t.is(k, "union")) && t.ident(k + 1))
      return std::string(t.text(k + 1));
  return "";
}

}  // namespace

void classify(const SourceTokens& t, const Macros& m, const EntityShape& shape, Entity& e, Findings& found) {
  const std::size_t head = shape.head;
  e.head = head;
  bool global = false, device = false, host = false, dev_var = false;
  std::size_t stop = e.body_open != npos ? e.body_open : e.last + 1;
  std::size_t name_tok = npos, paren = npos;
  for (std::size_t k = head; k < stop; ++k) {
    const std::string_view w = t.text(k);
    if (w == "=" || (w == "{" && e.body_open == npos)) break;
    if (w == "(" && paren == npos && !(k > 0 && is_specifier_call(t, k - 1))) paren = k;
    if (w == "(" || w == "[") {
      k = t.matching(k);
      continue;
    }
    std::set<std::string> words = {std::string(w)};
    if (auto s = m.spaces.find(std::string(w)); s != m.spaces.end()) words = s->second;
    for (const std::string& x : words) {
      global |= x == "__global__";
      device |= x == "__device__";
      host |= x == "__host__";
      dev_var |= x == "__constant__";
      if (x == "__managed__") found.issue("__managed__ variable", t, k);
    }
    if (w == "const" || w == "constexpr") e.is_const = true;
    if (w == "constexpr") e.is_constexpr = true;
    if (t.ident(k) && paren == npos) name_tok = k;
    if (w == "," && paren == npos) break;
  }
  // Namespace aliases (`namespace cg = cooperative_groups;`) too: both halves use them.
  if (shape.saw_class || t.is(head, "typedef") || t.is(head, "using") || t.is(head, "static_assert") ||
      t.is(head, "template") || t.is(head, "friend") || t.is(head, "namespace")) {
    e.kind = EntityKind::other;
    e.space = Space::both;
    e.is_class = shape.saw_class;
    e.name = declared_name(t, e, head);
    return;
  }
  if (shape.saw_paren && !shape.saw_eq && paren != npos) {
    e.kind = EntityKind::function;
    e.params_open = paren;
    std::size_t n = paren - 1;
    if (t.is(n, ">")) n = t.back_to_open_angle(n);
    if (t.ident(n)) e.name = std::string(t.text(n));
    e.space = global ? Space::kernel : (device && host) ? Space::both : device ? Space::device : Space::host;
    return;
  }
  e.kind = EntityKind::variable;
  if (name_tok != npos) e.name = std::string(t.text(name_tok));
  e.space = (device || dev_var) ? Space::device : e.is_const ? Space::both : Space::host;
}

}  // namespace judge::compile::splitting
