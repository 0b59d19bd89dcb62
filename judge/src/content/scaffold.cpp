#include "content/scaffold.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>

#include "content/markers.hpp"
#include "content/scaffold_text.hpp"
#include "content/signature.hpp"
#include "util/spell.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

bool is_slug(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && s[i - 1] != '-'))) return false;
  }
  return true;
}

// "vector-max-min" -> "Vector Max Min".
std::string title_of(const std::string& slug) {
  std::string t;
  bool start = true;
  for (char c : slug) {
    if (c == '-') {
      t += ' ';
      start = true;
      continue;
    }
    t += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    start = false;
  }
  return t;
}

std::optional<spec::DType> scalar_dtype(const std::string& base) {
  if (base == "float") return spec::DType::float32;
  if (base == "int" || base == "int32_t") return spec::DType::int32;
  if (base == "unsigned int" || base == "uint32_t") return spec::DType::uint32;
  for (const char* b : {"long", "long long", "int64_t", "size_t", "unsigned long", "unsigned long long", "uint64_t"})
    if (base == b) return spec::DType::int64;
  return std::nullopt;
}

Status read_params(const std::string& signature, const FactRow* row, NewChallenge& n) {
  auto proto = parse_signature(signature, "--signature");
  if (!proto) return proto.error();
  if (proto->params.empty()) return make_error("the signature has no parameters: solve needs its buffers and sizes");
  for (const compile::DeclaredParam& d : proto->params) {
    NewParam p{d.name, spec::DType::float32, d.pointer_depth == 1, spec::Role::in, d.written};
    if (d.name.empty()) return make_error(fmt::format("parameter '{}' has no name: name every parameter", d.written));
    if (d.pointer_depth > 1)
      return make_error(
          fmt::format("parameter '{}': a pointer to a pointer is not a buffer the judge can pass", d.written));
    const auto t = p.pointer ? dtype_of_declared(d.base) : scalar_dtype(d.base);
    if (!t)
      return make_error(fmt::format("parameter '{}': '{}' is not a type the judge passes ({})", d.written, d.base,
                                    p.pointer ? "buffers of float, half, int, unsigned int, long long, unsigned "
                                                "char or signed char"
                                              : "scalars of float, int, unsigned int or a 64-bit integer"));
    p.type = *t;
    if (p.pointer) {
      const FactRole* r = row ? row->role(d.name) : nullptr;
      if (r && (r->role == "in" || r->role == "out" || r->role == "inout"))
        p.role = r->role == "in" ? spec::Role::in : r->role == "out" ? spec::Role::out : spec::Role::inout;
      else
        p.role = d.pointee_const ? spec::Role::in : spec::Role::out;
    }
    n.params.push_back(p);
  }
  n.shape = "1";
  for (const NewParam& p : n.params) {
    if (!p.pointer && !spec::is_floating(p.type)) {
      n.shape = p.name;
      break;
    }
  }
  return Ok{};
}

// "M=8192,N=6144,K=4096" -> {M: 8192, ...}; pieces of another form are left out.
std::map<std::string, double> perf_scalars(const std::string& text) {
  std::map<std::string, double> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, end - pos);
    const std::size_t eq = item.find('=');
    if (eq != std::string::npos) {
      char* stop = nullptr;
      const std::string value = item.substr(eq + 1);
      const double v = std::strtod(value.c_str(), &stop);
      if (stop && *stop == '\0' && !value.empty()) out[item.substr(0, eq)] = v;
    }
    pos = end + 1;
  }
  return out;
}

}  // namespace

Result<NewChallenge> plan_challenge(const NewRequest& rq, const Facts* facts, const std::string& facts_where) {
  if (!is_slug(rq.slug))
    return make_error(fmt::format("'{}' is not a slug: use a-z, 0-9 and single '-', like vector-max-min", rq.slug));
  NewChallenge n;
  n.slug = rq.slug;
  const FactRow* row = facts ? facts->find(rq.slug) : nullptr;
  if (rq.interview) {
    if (row)
      return make_error(
          fmt::format("'{}' is LeetGPU #{} in the facts table: leave out --interview", rq.slug, row->number));
    if (!rq.signature)
      return make_error(
          "--interview needs --signature 'extern \"C\" void solve(...)': a challenge of ours has no "
          "official one");
    n.source = "interview";
    n.title = title_of(rq.slug);
    n.difficulty = "medium";
    n.signature = *rq.signature;
  } else {
    if (!facts)
      return make_error(
          fmt::format("no facts table at {}: pass --facts FILE, or --interview --signature '...' for "
                      "a challenge of ours",
                      facts_where));
    if (!row) {
      std::string near;
      if (auto m = util::closest_match(rq.slug, facts->slugs())) near = fmt::format(" (did you mean '{}'?)", *m);
      return make_error(
          fmt::format("'{}' is not in the facts table {}{}: use LeetGPU's slug, or --interview "
                      "--signature '...' for a challenge of ours",
                      rq.slug, facts->file.string(), near));
    }
    n.number = row->number;
    n.title = row->title;
    n.difficulty = row->difficulty;
    n.atol = row->atol;
    n.rtol = row->rtol;
    n.performance_scalars = perf_scalars(row->perf_sizes);
    n.distribution = row->distribution;
    const bool official = parse_signature(row->signature, "facts").ok();
    if (official && rq.signature && normalize_signature(*rq.signature) != normalize_signature(row->signature))
      return make_error(
          fmt::format("--signature differs from the facts table's '{}': leave it out, a LeetGPU "
                      "challenge keeps the official signature",
                      row->signature));
    if (!official && !rq.signature)
      return make_error(
          fmt::format("the facts table has no CUDA signature for '{}' ('{}'): pass --signature with "
                      "the one this judge will take",
                      rq.slug, row->signature));
    n.signature = official ? row->signature : *rq.signature;
    if (!official)
      n.adapted =
          fmt::format("{}: how and why this signature differs from LeetGPU's ('{}')", kTodoMarker, row->signature);
  }
  if (auto s = read_params(n.signature, row, n); !s) return s.error();
  return n;
}

std::vector<std::pair<std::string, std::string>> scaffold_files(const NewChallenge& n) {
  const std::string dir = "challenges/" + n.slug + "/";
  return {{dir + "challenge.json", challenge_json_text(n)},
          {dir + "README.md", readme_text(n)},
          {dir + "starter.cu", starter_text(n)},
          {dir + "reference.cpp", reference_text(n)},
          {"testcases/" + n.slug + ".json", testcases_text(n)},
          {"solutions/" + n.slug + "/expected.json", "{\n  \"format\": 1,\n  \"solutions\": []\n}\n"}};
}

Result<std::vector<std::string>> write_scaffold(const fs::path& root, const NewChallenge& n) {
  std::error_code ec;
  for (const std::string& p : {"challenges/" + n.slug, "testcases/" + n.slug + ".json", "solutions/" + n.slug}) {
    if (fs::exists(root / p, ec))
      return make_error(
          fmt::format("{} exists: judge new never overwrites a challenge (choose another slug, or "
                      "remove it first)",
                      (root / p).string()));
  }
  std::vector<std::string> written;
  for (const auto& [rel, text] : scaffold_files(n)) {
    const fs::path path = root / rel;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) return make_error(fmt::format("cannot write {}", path.string()));
    written.push_back(rel);
  }
  const std::string wrong = "solutions/" + n.slug + "/wrong";
  fs::create_directories(root / wrong, ec);
  if (ec) return make_error(fmt::format("cannot create {}: {}", (root / wrong).string(), ec.message()));
  written.push_back(wrong + "/");
  return written;
}

}  // namespace judge::content
