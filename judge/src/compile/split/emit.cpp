// Pass 4 of the splitter, emit: takes the ScannedSource and gives, entity by entity in file
// order, the edits that make the two halves: a host entity is blanked from the device half and,
// if it is a function, rewritten (host_rewrite.cpp); a device function is blanked from the host
// half; a kernel keeps an empty body there (plus its overload pick, overloads.cpp); a shared type
// loses the bodies of its __device__-only members in the host half, or, when it is built on
// block-level CUB, leaves the host half altogether. File order matters: it fixes the index of
// each name expression and which issue is reported first, and a CUB-built name is known from
// its definition on. A constexpr host function stays in the device half as __host__ __device__.
#include "compile/split/passes.hpp"

namespace judge::compile::splitting {

int Findings::name_index(std::string text, bool variable) {
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k].text == text) return static_cast<int>(k);
  names.push_back({std::move(text), variable});
  return static_cast<int>(names.size() - 1);
}

namespace {

class Emitter {
 public:
  Emitter(const ScannedSource& s, Findings& found) : s_(s), t_(s.tokens), found_(found) {}

  void entity(const Entity& e) {
    const std::size_t begin = t_[e.first].begin, end = t_[e.last].end;
    if (e.space == Space::kernel) ++found_.kernels;
    switch (e.space) {
      case Space::host:
        if (e.kind == EntityKind::function && e.is_constexpr && e.body_open != npos)
          // NVRTC compiles no host function; nvcc lets device code call a constexpr one.
          found_.device_edits.push_back(
              t_.replace(t_[e.head].begin, t_[e.head].end, "__host__ __device__ " + std::string(t_.text(e.head))));
        else
          found_.device_edits.push_back(t_.blank(begin, end, true));
        if (e.kind == EntityKind::function && e.body_open != npos) rewrite_host_body(s_, e, found_);
        break;
      case Space::device:
        if (e.kind == EntityKind::function) found_.host_edits.push_back(t_.blank(begin, end, true));
        check_device_body(e);
        break;
      case Space::kernel:
        if (e.body_open != npos)
          found_.host_edits.push_back(
              t_.replace(t_[e.body_open].begin, t_[e.body_close].end, "{}" + overload_pick(s_, e, found_)));
        check_device_body(e);
        break;
      case Space::both:
        if (names_cub(e)) {
          // `using BlockReduce = cub::BlockReduce<...>;` and types built on it: device only.
          found_.host_edits.push_back(t_.blank(begin, end, true));
          if (!e.name.empty()) found_.cub_names.insert(e.name);
        } else if (e.is_class) {
          strip_device_members(e.first, e.last, 0);
        }
        check_device_body(e);
        break;
    }
  }

 private:
  bool names_cub(const Entity& e) const {
    for (std::size_t k = e.first; k <= e.last; ++k)
      if ((t_.is(k, "cub") && t_.is(k + 1, "::")) || (t_.ident(k) && found_.cub_names.count(std::string(t_.text(k)))))
        return true;
    return false;
  }

  // Member functions marked __device__ (not __host__) inside the class bodies of [first, last]
  // keep only their declaration in the host part: their bodies use device built-ins g++ lacks.
  void strip_device_members(std::size_t first, std::size_t last, int depth) {
    if (depth > 64) return;
    for (std::size_t k = first; k <= last && k < t_.size(); ++k) {
      if (!t_.is(k, "{")) continue;
      const std::size_t close = t_.matching(k);
      if (class_body_before(k, first)) strip_member_bodies(k, close, depth);
      k = close;
    }
  }

  // Whether the `{` at `open` opens a class body: a class-key comes before it, after `first`,
  // with no parenthesis or `=` in between.
  bool class_body_before(std::size_t open, std::size_t first) const {
    for (std::size_t k = open; k-- > first;) {
      if (t_.is(k, "struct") || t_.is(k, "class") || t_.is(k, "union")) return true;
      if (t_.is(k, ")") || t_.is(k, "=") || t_.is(k, ";") || t_.is(k, "}") || t_.is(k, "{")) return false;
    }
    return false;
  }

  void strip_member_bodies(std::size_t open, std::size_t close, int depth) {
    std::size_t k = open + 1;
    while (k < close) {
      if ((t_.is(k, "public") || t_.is(k, "private") || t_.is(k, "protected")) && t_.is(k + 1, ":")) {
        k += 2;
        continue;
      }
      if (t_.is(k, ";") || t_.directive(k)) {
        ++k;
        continue;
      }
      bool device = false, host = false, paren = false, eq = false, cls = false;
      std::size_t body = npos, init_list = npos;  // init_list: the `:` of a constructor's initializers
      for (k = t_.skip_template_prefix(k); k < close; ++k) {
        const std::string_view w = t_.text(k);
        if (w == ";") break;
        if (w == "=" && !paren) eq = true;
        if (!paren && !eq && (w == "struct" || w == "class" || w == "union" || w == "enum")) cls = true;
        std::set<std::string> words = {std::string(w)};
        if (auto m = s_.macros.spaces.find(std::string(w)); m != s_.macros.spaces.end()) words = m->second;
        device |= words.count("__device__") > 0;
        host |= words.count("__host__") > 0;
        if (w == "(" || w == "[") {
          paren |= w == "(" && !eq;
          k = t_.matching(k);
          continue;
        }
        if (w == ":" && paren && init_list == npos) init_list = k;
        if (w != "{") continue;
        const std::size_t end = t_.matching(k);
        if (cls) strip_member_bodies(k, end, depth + 1);
        if (cls || eq || !paren || (init_list != npos && (t_.ident(k - 1) || t_.is(k - 1, ">")))) {
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
      const std::size_t end = t_.matching(body);
      // A constructor loses its member initializers with its body: they may use device code too.
      const std::size_t from = init_list != npos ? init_list : body;
      if (device && !host) found_.host_edits.push_back(t_.replace(t_[from].begin, t_[end].end, ";"));
      k = end + 1;
    }
  }

  void check_device_body(const Entity& e) {
    if (e.body_open == npos) return;
    for (std::size_t k = e.body_open; k <= e.body_close; ++k)
      if (t_.is(k, "<<<")) found_.issue("kernel launch from device code (dynamic parallelism)", t_, k);
  }

  const ScannedSource& s_;
  const SourceTokens& t_;
  Findings& found_;
};

}  // namespace

void emit_entities(const ScannedSource& s, Findings& found) {
  Emitter emitter(s, found);
  for (const Entity& e : s.entities) emitter.entity(e);
}

}  // namespace judge::compile::splitting
