#include "content/readme_check.hpp"

#include <fmt/format.h>

#include <map>

#include "check/compare.hpp"
#include "content/markers.hpp"
#include "content/readme_parse.hpp"
#include "content/signature.hpp"
#include "gen/generate.hpp"
#include "util/read_file.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

// Where one example's findings go: the README, at a line, naming the example.
struct ExampleContext {
  const spec::Challenge& challenge;
  const std::string& file;
  std::string cases_file;  // "testcases/<slug>.json"
  int number = 0;
  Problems& out;
  void add(int line, std::string message) const {
    out.push_back({file, fmt::format("line {} (Example {})", line, number), std::move(message)});
  }
};

// The README's values against the case's, with the challenge's tolerance (integers exactly).
void compare_values(const ExampleContext& x, const Assignment& a, const std::string& label, spec::DType type,
                    const std::vector<double>& want, const std::string& what) {
  if (a.values.size() != want.size()) {
    x.add(a.line,
          fmt::format("{} has {} value{} here, {} in {} example-{} ({}): make them agree", label, a.values.size(),
                      a.values.size() == 1 ? "" : "s", want.size(), x.cases_file, x.number, what));
    return;
  }
  const std::size_t bytes = spec::dtype_bytes(type);
  std::vector<unsigned char> got_buf(a.values.size() * bytes), want_buf(want.size() * bytes);
  spec::InputSource lit;
  lit.values = a.values;
  gen::generate(lit, type, 0, a.name, got_buf.data(), a.values.size());
  lit.values = want;
  gen::generate(lit, type, 0, a.name, want_buf.data(), want.size());
  check::CompareOptions opt;
  opt.type = type;
  opt.tolerance = x.challenge.tolerance;
  opt.dims = {static_cast<std::int64_t>(want.size())};
  opt.detect_poison = false;
  const check::Comparison cmp = check::compare_buffer(a.name, got_buf.data(), want_buf.data(), want.size(), opt);
  if (cmp.ok() || cmp.first.empty()) return;
  const check::Mismatch& m = cmp.first.front();
  const std::string at = a.list ? fmt::format("{}[{}]", label, m.index) : label;
  const std::string tol = spec::is_floating(type) ? fmt::format(" (atol {:g}, rtol {:g})", x.challenge.tolerance.atol,
                                                                x.challenge.tolerance.rtol)
                                                  : " (compared exactly)";
  x.add(a.line, fmt::format("{} is {} here, {} in {} example-{} ({}){}{}: make them agree", at,
                            check::format_value(m.got, type), check::format_value(m.want, type), x.cases_file, x.number,
                            what, tol, cmp.mismatches > 1 ? fmt::format("; {} values differ", cmp.mismatches) : ""));
}

void check_example(const ExampleContext& x, const ExampleSpot& spot, const spec::TestCase& tc) {
  for (const std::string& l : spot.block->lines) {
    if (l.find(kTodoMarker) != std::string::npos) return;  // the marker check names the line
  }
  auto parsed = parse_assignments(*spot.block);
  if (!parsed) {
    // "line N: message": keep the line as the place.
    const std::string& m = parsed.error().message;
    const std::size_t colon = m.find(": ");
    const int line = std::atoi(m.c_str() + 5);
    x.add(line, (colon == std::string::npos ? m : m.substr(colon + 2)) +
                    "; write one `name = value` per parameter (a number, or a [list] for a buffer)");
    return;
  }
  const spec::Challenge& c = x.challenge;
  std::map<std::string, const Assignment*> given;  // "A", "image (before)"
  std::string names;
  for (const spec::Param& p : c.params) names += (names.empty() ? "" : ", ") + p.name;
  for (const Assignment& a : *parsed) {
    const spec::Param* p = c.find_param(a.name);
    const std::string key = a.qualifier.empty() ? a.name : a.name + " (" + a.qualifier + ")";
    if (!p) {
      x.add(a.line, fmt::format("'{}' is not a parameter of {} (solve takes {}): use the parameter names", a.name,
                                c.slug, names));
    } else if (!a.qualifier.empty() && p->role != spec::Role::inout) {
      x.add(a.line, fmt::format("'({})' is for buffers solve modifies in place; {} is {}: write '{} = ...'",
                                a.qualifier, a.name, role_name(p->role), a.name));
    } else if (a.qualifier.empty() && p->pointer && p->role == spec::Role::inout) {
      x.add(a.line, fmt::format("{} is modified in place: write '{} (before) = [...]' and '{} (after) = [...]'", a.name,
                                a.name, a.name));
    } else if (!given.emplace(key, &a).second) {
      x.add(a.line, fmt::format("'{}' is given twice: keep one", key));
    } else if (a.list != p->pointer) {
      x.add(a.line, p->pointer ? fmt::format("{} is a buffer: write its values as a [list]", a.name)
                               : fmt::format("{} is a scalar: write one number, not a list", a.name));
    }
  }
  for (const spec::Param& p : c.params) {
    std::vector<std::pair<std::string, std::string>> need;  // key, what the case holds
    if (!p.pointer)
      need = {{p.name, "scalars"}};
    else if (p.role == spec::Role::in)
      need = {{p.name, "inputs"}};
    else if (p.role == spec::Role::out)
      need = {{p.name, "expected"}};
    else
      need = {{p.name + " (before)", "inputs"}, {p.name + " (after)", "expected"}};
    for (const auto& [key, what] : need) {
      auto it = given.find(key);
      if (tc.generated && p.pointer) {
        // Millions of generated values: the statement describes this buffer in words.
        if (it != given.end())
          x.add(it->second->line, fmt::format("{} example-{} is generated (\"generated\": true): describe '{}' in "
                                              "words around the block, which gives the scalars only",
                                              x.cases_file, x.number, key));
        continue;
      }
      if (it == given.end()) {
        x.add(spot.line, fmt::format("no value for '{}': add '{} = ...' with the {} of {} example-{}", key, key, what,
                                     x.cases_file, x.number));
        continue;
      }
      const Assignment& a = *it->second;
      if (a.list != p.pointer) continue;  // reported above
      if (what == "scalars") {
        compare_values(x, a, key, p.type, {tc.scalars.at(p.name)}, what);
      } else if (what == "inputs") {
        const spec::InputSource& src = tc.inputs.at(p.name);
        if (src.kind == spec::InputSource::Kind::literal) compare_values(x, a, key, p.type, src.values, what);
      } else if (auto e = tc.expected.find(p.name); e != tc.expected.end()) {
        compare_values(x, a, key, p.type, e->second, what);
      }
    }
  }
}

void check_examples(const Readme& r, const ExampleContext& base, const spec::TestSuite* suite) {
  if (r.examples.empty()) {
    base.out.push_back({base.file, "Examples",
                        "no worked example: add '## Example 1' with a ``` block of `name = value` lines, the values "
                        "of test case example-1"});
  }
  std::map<int, const ExampleSpot*> seen;
  for (std::size_t i = 0; i < r.examples.size(); ++i) {
    const ExampleSpot& spot = r.examples[i];
    ExampleContext x = base;
    x.number = spot.number;
    if (spot.number != static_cast<int>(i) + 1)
      x.add(spot.line, fmt::format("Example {} where Example {} comes next: number the examples 1, 2, 3 in order",
                                   spot.number, i + 1));
    if (!seen.emplace(spot.number, &spot).second) continue;
    if (!spot.block) {
      x.add(spot.line, "no ``` block after it: give its values as `name = value` lines in a bare ``` block");
      continue;
    }
    if (!suite) continue;
    const spec::TestCase* tc = nullptr;
    for (const spec::TestCase& t : suite->cases) {
      if (t.name == fmt::format("example-{}", spot.number) && t.kind == spec::CaseKind::example) tc = &t;
    }
    if (!tc) {
      x.add(spot.line,
            fmt::format("{} has no example case 'example-{}': add it with these values", x.cases_file, spot.number));
      continue;
    }
    check_example(x, spot, *tc);
  }
  if (!suite) return;
  for (const spec::TestCase& t : suite->cases) {
    if (t.kind != spec::CaseKind::example || !t.name.starts_with("example-")) continue;
    const int k = std::atoi(t.name.c_str() + 8);
    if (k > 0 && !seen.count(k))
      base.out.push_back({base.file, "Examples",
                          fmt::format("no Example {} for test case {} of {}: add '## Example {}' with its values", k,
                                      t.name, base.cases_file, k)});
  }
}

}  // namespace

Problems check_readme(const fs::path& root, const spec::Challenge& c, const spec::TestSuite* suite,
                      const std::string& signature) {
  Problems out;
  const std::string file = relative_name(root, c.dir / "README.md");
  auto text = util::read_text_file(c.dir / "README.md");
  if (!text) {
    out.push_back({file, "", "missing: write the statement (docs/content-brief.md says what goes in it)"});
    return out;
  }
  const Readme r = parse_readme(*text);
  std::size_t first = 0;
  while (first < r.lines.size() && r.lines[first].find_first_not_of(" \t\r") == std::string::npos) ++first;
  const std::string want_title = "# " + c.title;
  if (first == r.lines.size() || r.lines[first] != want_title)
    out.push_back({file, fmt::format("line {}", first + 1),
                   fmt::format("the statement must start with '{}' (the title in challenge.json)", want_title)});
  bool signature_found = false;
  const CodeBlock* first_cpp = nullptr;
  for (const CodeBlock& b : r.blocks) {
    if (b.lang != "cpp") continue;
    if (!first_cpp) first_cpp = &b;
    std::string body;
    for (const std::string& l : b.lines) body += l + "\n";
    signature_found = signature_found || normalize_signature(body) == normalize_signature(signature);
  }
  if (!signature_found)
    out.push_back({file, first_cpp ? fmt::format("line {}", first_cpp->line) : std::string("signature"),
                   fmt::format("{} ```cpp block holding exactly the signature: {};", first_cpp ? "this is not a" : "no",
                               signature)});
  for (const char* section : {"Constraints", "Notes"}) {
    if (!r.section(section))
      out.push_back({file, fmt::format("## {}", section),
                     fmt::format("no '## {}' section: add it ({})", section,
                                 std::string_view(section) == "Notes"
                                     ? "the tolerance, in place or not, outputs start as garbage, anything subtle"
                                     : "the ranges of challenge.json, buffer sizes, the performance size")});
  }
  check_examples(r, {c, file, "testcases/" + c.slug + ".json", 0, out}, suite);
  return out;
}

}  // namespace judge::content
