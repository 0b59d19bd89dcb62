#include "content/reference_check.hpp"

#include <map>

#include "check/compare.hpp"
#include "gen/generate.hpp"
#include "judging/case_data.hpp"

namespace judge::content {

Result<std::vector<ExpectedMismatch>> check_expected(const spec::Challenge& c, const spec::TestCase& tc) {
  std::map<std::string, std::vector<unsigned char>, std::less<>> storage, outputs;
  std::map<std::string, const void*, std::less<>> inputs;
  std::map<std::string, std::size_t, std::less<>> counts;
  for (const spec::Param& p : c.params) {
    if (!p.pointer) continue;
    auto dims = spec::buffer_dims(p, tc.scalars);
    if (!dims) return dims.error();
    std::size_t n = 1;
    for (auto d : *dims) n *= static_cast<std::size_t>(d);
    counts[p.name] = n;
    if (p.role == spec::Role::out) continue;
    auto& buf = storage[p.name];
    buf.resize(n * spec::dtype_bytes(p.type));
    gen::generate(tc.inputs.at(p.name), p.type, tc.seed, p.name, buf.data(), n);
    inputs[p.name] = buf.data();
  }
  if (auto s = judging::run_reference(c, tc, inputs, outputs, counts); !s) return s.error();
  std::vector<ExpectedMismatch> out;
  for (const auto& [name, values] : tc.expected) {
    const spec::Param* p = c.find_param(name);
    std::vector<unsigned char> want(values.size() * spec::dtype_bytes(p->type));
    spec::InputSource literal;
    literal.values = values;
    gen::generate(literal, p->type, 0, name, want.data(), values.size());
    check::CompareOptions opt;
    opt.type = p->type;
    opt.tolerance = c.tolerance;
    opt.dims = {static_cast<std::int64_t>(values.size())};
    opt.detect_poison = false;
    const check::Comparison cmp = check::compare_buffer(name, outputs.at(name).data(), want.data(), values.size(), opt);
    if (cmp.ok()) continue;
    ExpectedMismatch m{name, cmp.mismatches, values.size()};
    if (!cmp.first.empty()) {
      m.index = cmp.first[0].index;
      m.got = cmp.first[0].got;
      m.want = cmp.first[0].want;
    }
    out.push_back(m);
  }
  return out;
}

}  // namespace judge::content
