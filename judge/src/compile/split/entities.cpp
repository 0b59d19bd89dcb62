// Pass 3 of the splitter, entities: takes the SourceTokens and Macros, gives the namespace-scope
// entities in file order, each cut out (`template <...>` prefix, declaration up to `;`, function
// definition with its body, class body, brace initializer) and classified by classify(). It walks
// named, anonymous and inline namespaces and `extern "C" { }` blocks, drops the host-only
// `#include <...>` lines from the device half (and block-level CUB ones from the host half), and
// queues namespace-scope invocations of the file's function-like macros for expansion.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "compile/split/passes.hpp"

namespace judge::compile::splitting {
namespace {

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
                                                  "limits",
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

class EntityScanner {
 public:
  EntityScanner(const SourceTokens& t, const Macros& m, Findings& found) : t_(t), m_(m), found_(found) {}

  std::vector<Entity> run() {
    std::size_t i = 0;
    std::vector<std::string> ns;
    scope(i, ns, /*nested=*/false);
    return std::move(entities_);
  }

 private:
  void scope(std::size_t& i, std::vector<std::string>& ns, bool nested) {
    while (i < t_.size()) {
      if (t_.directive(i)) {
        include(i);
        ++i;
      } else if (t_.is(i, "}")) {
        if (nested) {
          ++i;
          return;
        }
        ++i;  // a stray brace: nothing to close
      } else if (t_.is(i, ";")) {
        ++i;
      } else if (std::optional<std::size_t> open = scope_opening(i)) {
        const std::size_t head = i;
        i = *open + 1;
        std::vector<std::string> inner = ns;
        if (t_.is(head, "namespace") || (t_.is(head, "inline") && t_.is(head + 1, "namespace")))
          for (std::size_t k = head; k < *open; ++k)
            if (t_.ident(k) && t_.text(k) != "namespace" && t_.text(k) != "inline") inner.emplace_back(t_.text(k));
        if (depth_++ > 200) return;  // absurd nesting: leave the rest unsplit rather than recurse on
        scope(i, inner, true);
        --depth_;
      } else {
        entity(i, ns);
      }
    }
  }

  // `namespace a::b {`, `inline namespace v1 {`, `namespace {`, `extern "C" {`: the `{` index.
  std::optional<std::size_t> scope_opening(std::size_t i) const {
    if (t_.is(i, "extern") && i + 2 < t_.size() && t_[i + 1].kind == TokenKind::string && t_.is(i + 2, "{"))
      return i + 2;
    std::size_t k = t_.is(i, "inline") ? i + 1 : i;
    if (!t_.is(k, "namespace")) return std::nullopt;
    for (++k; k < t_.size(); ++k) {
      if (t_.is(k, "{")) return k;
      if (!t_.ident(k) && !t_.is(k, "::")) return std::nullopt;  // `namespace x = y;`
    }
    return std::nullopt;
  }

  void include(std::size_t i) {
    const std::string body(directive_body(t_.text(i)));
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
      found_.issue(fmt::format("thrust/CUB header <{}> (device-wide algorithms)", h), t_, i);
    // Block- and warp-level CUB is device code: NVRTC compiles it from CCCL, the host part
    // never sees it (host code naming cub:: is reported where it does). So are cooperative
    // groups' own headers (<cooperative_groups/reduce.h>, which a host compiler cannot parse).
    if (h.starts_with("cub/") || h.starts_with("cooperative_groups/"))
      found_.host_edits.push_back(t_.blank(t_[i].begin, t_[i].end, false));
    if (!device_header(h)) found_.device_edits.push_back(t_.blank(t_[i].begin, t_[i].end, false));
  }

  void entity(std::size_t& i, const std::vector<std::string>& ns) {
    Entity e;
    e.first = i;
    e.ns = ns;
    EntityShape shape;
    shape.head = t_.skip_template_prefix(i);
    e.is_template = shape.head != i;
    if (t_.ident(i) && t_.is(i + 1, "(") && m_.function_like.count(std::string(t_.text(i)))) {
      if (const std::size_t close = request_expansion(t_, m_, i, found_); close != npos) {
        i = close + 1;
        return;
      }
    }
    std::size_t k = shape.head;
    for (; k < t_.size(); ++k) {
      const std::string_view w = t_.text(k);
      if (t_.directive(k)) {
        found_.issue("preprocessor line inside a declaration", t_, k);
        continue;
      }
      if (w == ";" || w == "}") break;
      if (w == "=") shape.saw_eq = true;
      if (!shape.saw_eq && !shape.saw_paren && (w == "struct" || w == "class" || w == "union" || w == "enum"))
        shape.saw_class = true;
      if (w == "(" || w == "[") {
        if (w == "(" && !shape.saw_eq) shape.saw_paren = true;
        k = t_.matching(k);
        continue;
      }
      if (w == "{") {
        if (shape.saw_eq || shape.saw_class || !shape.saw_paren) {
          k = t_.matching(k);  // an initializer or a class body: the entity goes on to the `;`
          continue;
        }
        e.body_open = k;
        e.body_close = t_.matching(k);
        k = e.body_close;
        break;
      }
    }
    if (k >= t_.size()) k = t_.size() - 1;
    if (t_.is(k, "}") && e.body_open == npos && k > e.first) --k;  // a closing brace of the enclosing scope
    e.last = std::max(k, e.first);
    i = e.last + 1;
    classify(t_, m_, shape, e, found_);
    entities_.push_back(std::move(e));
  }

  const SourceTokens& t_;
  const Macros& m_;
  Findings& found_;
  std::vector<Entity> entities_;
  int depth_ = 0;
};

}  // namespace

std::vector<Entity> scan_entities(const SourceTokens& t, const Macros& m, Findings& found) {
  return EntityScanner(t, m, found).run();
}

}  // namespace judge::compile::splitting
