#include "judging/data_key.hpp"

#include <fmt/format.h>

#include "gen/generate.hpp"
#include "reference/reference.hpp"
#include "util/sha256.hpp"

namespace judge::judging {

std::string data_key_text(const spec::Challenge& c, const spec::TestCase& tc, bool alternate) {
  // Doubles as %a (hexadecimal): exact, so two different values never print the same.
  std::string t = fmt::format("judge-data/{} generator/{} reference/{}:{}\n", kDataFormatVersion,
                              gen::kGeneratorVersion, reference::kFrameworkVersion, reference::version(c.slug));
  t += fmt::format("challenge {}\n", c.slug);
  for (const spec::Param& p : c.params) {
    t += fmt::format("param {} {} {} {}", p.name, spec::dtype_name(p.type), p.pointer ? "pointer" : "scalar",
                     static_cast<int>(p.role));
    for (const util::Expr& e : p.shape) t += " [" + e.text() + "]";
    t += "\n";
  }
  // Only a performance case can be sampled (judging/sampling.hpp): the other cases' data does not
  // depend on the check settings. "rule 2": the sample's edges and tile corners.
  if (tc.kind == spec::CaseKind::performance) t += fmt::format("check {} rule 2\n", c.performance_random_samples);
  t += fmt::format("case {} {} {}\n", tc.name, spec::case_kind_name(tc.kind), tc.seed);
  for (const auto& [name, v] : tc.scalars) t += fmt::format("scalar {} {:a}\n", name, v);
  for (const auto& [name, src] : tc.inputs) {
    t += fmt::format("input {} {} {:a} {:a} {}", name, static_cast<int>(src.kind), src.a, src.b, src.values.size());
    if (src.kind == spec::InputSource::Kind::sparse) t += fmt::format(" nnz {}", src.nnz);
    t += gen::segments_key_text(src);
    for (double v : src.values) t += fmt::format(" {:a}", v);
    t += "\n";
  }
  t += fmt::format("alternate {}\n", alternate ? 1 : 0);
  return t;
}

std::string data_key(const spec::Challenge& c, const spec::TestCase& tc, bool alternate) {
  if (reference::version(c.slug).empty()) return {};
  return util::sha256_hex(data_key_text(c, tc, alternate));
}

}  // namespace judge::judging
