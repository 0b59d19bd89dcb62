// The host rewrite of pass 4 (emit): takes the ScannedSource and one host function, gives the
// edits of its body in the host half. A launch `k<A><<<g, b>>>(args)` becomes
// `judge_nvrtc::launcher(i, &k<A>, g, b)(args)`, another use of a kernel name
// `judge_nvrtc::kernel_handle(i)`, a symbol call on a __device__/__constant__ variable a
// judge_nvrtc:: helper (i: the index of the name expression NVRTC resolves). Also reports what
// the host half cannot hold (thrust/CUB algorithms, extended lambdas, launches of unknown
// kernels) and asks for the expansion of function-like macros that launch or name kernels.
#include <fmt/format.h>

#include <algorithm>

#include "compile/split/passes.hpp"

namespace judge::compile::splitting {
namespace {

class HostRewriter {
 public:
  HostRewriter(const ScannedSource& s, const Entity& f, Findings& found) : s_(s), t_(s.tokens), f_(f), found_(found) {}

  void run() {
    const std::map<std::string, std::string> locals = local_constants(t_, f_);
    for (std::size_t k = f_.body_open + 1; k < f_.body_close; ++k) {
      const std::string_view w = t_.text(k);
      if ((w == "thrust" || w == "cub") && t_.is(k + 1, "::")) {
        found_.issue(fmt::format("{}:: algorithms called from host code", w), t_, k);
        continue;
      }
      if (found_.cub_names.count(std::string(w)) && !t_.is(k - 1, "::")) {
        found_.issue(fmt::format("{} (block-level CUB) used in host code", w), t_, k);
        continue;
      }
      if (w == "__device__" || w == "__host__" || w == "__global__") {
        found_.issue(fmt::format("{} inside a host function (extended lambda)", w), t_, k);
        continue;
      }
      if (w == "<<<") {
        found_.issue("launch of something that is not a kernel of this file", t_, k);
        continue;
      }
      if (!t_.ident(k) || t_.is(k - 1, ".") || t_.is(k - 1, "->")) continue;
      if (t_.is(k + 1, "(") && macro_needs_host_rewrite(s_, w)) {
        if (const std::size_t close = request_expansion(t_, s_.macros, k, found_); close != npos) {
          k = close;
          continue;
        }
      }
      if (std::size_t next = symbol_call(k); next != npos) {
        k = next;
        continue;
      }
      const Entity* kernel = find_kernel(w, k);
      if (!kernel) continue;
      if (!kernel_reference(*kernel, w, k, locals)) return;
    }
  }

 private:
  // Rewrites the reference to `kernel` named `w` at token `k`, and moves `k` to its last token.
  // False when the rest of the body cannot be rewritten (an issue says why).
  bool kernel_reference(const Entity& kernel, std::string_view w, std::size_t& k,
                        const std::map<std::string, std::string>& locals) {
    std::size_t start = k;
    while (t_.is(start - 1, "::") && t_.ident(start - 2)) start -= 2;  // ns::k
    if (t_.is(start - 1, "::")) --start;                               // ::k
    std::size_t after = k + 1;
    std::string args;
    bool deduced_args = false;  // `args` deduced here, not written in the source
    if (t_.is(after, "<")) {
      std::size_t close = after;
      if (!template_arguments(s_, after, f_, locals, close, args, found_)) return false;
      after = close + 1;
    } else if (kernel.is_template && t_.is(after, "<<<")) {
      const std::optional<std::string> deduced = deduce_launch(t_, kernel, f_, after);
      if (!deduced) {
        found_.issue(fmt::format("launch of kernel template {} with arguments the splitter cannot deduce", w), t_, k);
        return false;
      }
      args = *deduced;
      deduced_args = true;
    }
    if (f_.is_template) {
      found_.issue(fmt::format("kernel {} used inside a host function template", w), t_, k);
      return false;
    }
    if (is_overloaded(s_, kernel)) {
      if (!t_.is(after, "<<<") || !args.empty()) {
        found_.issue(fmt::format("overloaded kernel {} used other than in a launch", w), t_, k);
        return false;
      }
      rewrite_overloaded_launch(s_, w, k, start, after, found_);
      k = after;
      return true;
    }
    const std::string expr = qualified(kernel) + (args.empty() && !deduced_args ? "" : "<" + args + ">");
    const std::string host_name = std::string(t_.source.substr(t_[start].begin, t_[after - 1].end - t_[start].begin)) +
                                  (deduced_args ? "<" + args + ">" : "");
    const int index = found_.name_index(expr, false);
    if (t_.is(after, "<<<")) {
      const std::size_t close = t_.launch_close(after);
      if (close == npos) {
        found_.issue("kernel launch without a closing >>>", t_, after);
        return false;
      }
      ++found_.launches;
      found_.host_edits.push_back(
          t_.replace(t_[start].begin, t_[after].end, fmt::format("judge_nvrtc::launcher({}, &{}, ", index, host_name)));
      found_.host_edits.push_back(t_.replace(t_[close].begin, t_[close].end, ")"));
      k = after;
      return true;
    }
    if (kernel.is_template && args.empty()) {
      found_.issue(fmt::format("kernel template {} used without template arguments", w), t_, k);
      return false;
    }
    if (t_.is(start - 1, "&")) --start;
    found_.host_edits.push_back(
        t_.replace(t_[start].begin, t_[after - 1].end, fmt::format("judge_nvrtc::kernel_handle({})", index)));
    k = after - 1;
    return true;
  }

  // The kernel the body names at token `at`: the one definition of that name (declarations may
  // repeat it), or, with several (the same name in two namespaces), the one the written
  // qualification or the enclosing namespaces select.
  const Entity* find_kernel(std::string_view name, std::size_t at) {
    std::vector<const Entity*> defined;
    const Entity* declared = nullptr;
    for (const Entity& e : s_.entities) {
      if (e.space != Space::kernel || e.name != name) continue;
      if (e.body_open != npos) defined.push_back(&e);
      declared = &e;
    }
    if (defined.size() <= 1) return defined.empty() ? declared : defined.front();
    std::vector<std::string> written;  // `a::b::k` -> {a, b}
    std::size_t q = at;
    for (; t_.is(q - 1, "::") && t_.ident(q - 2); q -= 2) written.insert(written.begin(), std::string(t_.text(q - 2)));
    const bool global = t_.is(q - 1, "::");
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
      const bool encloses = e->ns.size() <= f_.ns.size() && std::equal(e->ns.begin(), e->ns.end(), f_.ns.begin());
      if (!encloses || e->ns.size() < best) continue;
      if (e->ns.size() > best || chosen.empty()) chosen.clear();
      best = e->ns.size();
      chosen.push_back(e);
    }
    if (chosen.size() == 1) return chosen.front();
    // Overloads (one namespace, no templates) are launched through their picks (overloads.cpp).
    const bool one_set = std::all_of(chosen.begin(), chosen.end(), [&](const Entity* e) {
      return e->ns == chosen.front()->ns && !e->is_template && e->params_open != npos;
    });
    // None selected (`c::k` where no namespace c defines a kernel k) is not C++: nvcc says so.
    if (one_set && !chosen.empty()) return chosen.front();
    found_.issue(fmt::format("overloaded or repeated kernel name {}", name), t_, at);
    return nullptr;
  }

  const Entity* find_variable(std::string_view name) const {
    for (const Entity& e : s_.entities)
      if (e.kind == EntityKind::variable && e.space == Space::device && e.name == name) return &e;
    return nullptr;
  }

  // cudaMemcpyToSymbol(sym, ...) and friends on a device variable: the call goes to a helper that
  // finds the variable in the loaded library. Returns the last token handled, or npos.
  std::size_t symbol_call(std::size_t k) {
    static const std::map<std::string_view, std::pair<std::string_view, int>> calls = {
        {"cudaMemcpyToSymbol", {"memcpy_to_symbol", 0}},
        {"cudaMemcpyToSymbolAsync", {"memcpy_to_symbol_async", 0}},
        {"cudaMemcpyFromSymbol", {"memcpy_from_symbol", 1}},
        {"cudaMemcpyFromSymbolAsync", {"memcpy_from_symbol_async", 1}},
        {"cudaGetSymbolAddress", {"get_symbol_address", 1}},
        {"cudaGetSymbolSize", {"get_symbol_size", 1}},
    };
    const auto c = calls.find(t_.text(k));
    if (c == calls.end() || !t_.is(k + 1, "(")) return npos;
    const std::size_t close = t_.matching(k + 1);
    std::size_t arg_begin = k + 2;
    for (int n = 0; n < c->second.second; ++n) {  // skip to the symbol argument
      int depth = 0;
      while (arg_begin < close && !(depth == 0 && t_.is(arg_begin, ","))) {
        if (t_.is(arg_begin, "(") || t_.is(arg_begin, "[") || t_.is(arg_begin, "{")) ++depth;
        if (t_.is(arg_begin, ")") || t_.is(arg_begin, "]") || t_.is(arg_begin, "}")) --depth;
        ++arg_begin;
      }
      ++arg_begin;
    }
    std::size_t arg_end = arg_begin;  // one past the symbol's last token
    while (arg_end < close && (t_.ident(arg_end) || t_.is(arg_end, "::"))) ++arg_end;
    const Entity* var = arg_end > arg_begin ? find_variable(t_.text(arg_end - 1)) : nullptr;
    if (!var || !(t_.is(arg_end, ",") || arg_end == close)) {
      found_.issue(
          fmt::format("{} on something other than a __device__/__constant__ variable of this file", t_.text(k)), t_, k);
      return close;
    }
    const int index = found_.name_index("&" + qualified(*var), true);
    found_.host_edits.push_back(t_.replace(t_[k].begin, t_[k].end, fmt::format("judge_nvrtc::{}", c->second.first)));
    found_.host_edits.push_back(t_.replace(t_[arg_begin].begin, t_[arg_end - 1].end, std::to_string(index)));
    return arg_end;
  }

  const ScannedSource& s_;
  const SourceTokens& t_;
  const Entity& f_;
  Findings& found_;
};

}  // namespace

void rewrite_host_body(const ScannedSource& s, const Entity& f, Findings& found) {
  HostRewriter(s, f, found).run();
}

}  // namespace judge::compile::splitting
