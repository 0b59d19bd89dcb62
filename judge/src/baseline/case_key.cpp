#include "baseline/case_key.hpp"

#include <fmt/format.h>

#include "gen/generate.hpp"
#include "util/sha256.hpp"

namespace judge::baseline {

std::string case_key_text(const spec::Challenge& c, const spec::TestCase& tc) {
  // Doubles as %a (hexadecimal): exact, so two different values never print the same.
  std::string t = fmt::format("judge-case/{} generator/{}\n", kCaseKeyFormat, gen::kGeneratorVersion);
  for (const spec::Param& p : c.params) {
    t += fmt::format("param {} {} {} {}", p.name, spec::dtype_name(p.type), p.pointer ? "pointer" : "scalar",
                     static_cast<int>(p.role));
    for (const util::Expr& e : p.shape) t += " [" + e.text() + "]";
    t += "\n";
  }
  t += fmt::format("seed {}\n", tc.seed);
  for (const auto& [name, v] : tc.scalars) t += fmt::format("scalar {} {:a}\n", name, v);
  for (const auto& [name, src] : tc.inputs) {
    t += fmt::format("input {} {} {:a} {:a} {}", name, static_cast<int>(src.kind), src.a, src.b, src.values.size());
    if (src.kind == spec::InputSource::Kind::sparse) t += fmt::format(" nnz {}", src.nnz);
    t += gen::segments_key_text(src);
    for (double v : src.values) t += fmt::format(" {:a}", v);
    t += "\n";
  }
  return t;
}

std::string case_key(const spec::Challenge& c, const spec::TestCase& tc) {
  return util::sha256_hex(case_key_text(c, tc));
}

const spec::TestCase* ranking_case(const spec::TestSuite& suite) {
  return spec::ranking_case(suite);
}

std::string ranking_case_key(const spec::Challenge& c, const spec::TestSuite& suite) {
  const spec::TestCase* tc = baseline::ranking_case(suite);
  return tc ? case_key(c, *tc) : std::string();
}

}  // namespace judge::baseline
