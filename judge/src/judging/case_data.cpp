#include "judging/case_data.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <exception>

#include "gen/generate.hpp"
#include "util/philox.hpp"
#include "reference/reference.hpp"

namespace judge::judging {

Status run_reference(const spec::Challenge& c, const spec::TestCase& tc,
                     const std::map<std::string, const void*, std::less<>>& inputs,
                     std::map<std::string, std::vector<unsigned char>, std::less<>>& outputs,
                     const std::map<std::string, std::size_t, std::less<>>& counts,
                     const std::map<std::string, std::vector<std::size_t>, std::less<>>& samples) {
  const reference::Function fn = reference::find(c.slug);
  if (!fn) return make_error(fmt::format("no CPU reference is registered for '{}' (challenges/{}/reference.cpp)", c.slug, c.slug));
  std::map<std::string, reference::HostBuffer, std::less<>> bufs;
  for (const spec::Param& p : c.params) {
    if (!p.pointer) continue;
    reference::HostBuffer hb;
    hb.count = counts.at(p.name);
    hb.element_bytes = spec::dtype_bytes(p.type);
    if (p.role == spec::Role::in) {
      hb.data = const_cast<void*>(inputs.at(p.name));
    } else {
      auto& out = outputs[p.name];
      out.assign(hb.count * hb.element_bytes, 0);
      if (p.role == spec::Role::inout) std::memcpy(out.data(), inputs.at(p.name), out.size());
      hb.data = out.data();
      hb.writable = true;
    }
    bufs[p.name] = hb;
  }
  try {
    fn(reference::Args(std::move(bufs), tc.scalars, samples));
  } catch (const std::exception& e) {
    return make_error(fmt::format("the CPU reference of '{}' failed on case '{}': {}", c.slug, tc.name, e.what()));
  }
  return Ok{};
}

std::vector<std::size_t> sample_indices(std::uint64_t seed, std::string_view buffer, std::size_t count, std::size_t n) {
  std::vector<std::size_t> out;
  if (count <= n) {
    for (std::size_t i = 0; i < count; ++i) out.push_back(i);
    return out;
  }
  out = {0, count - 1};
  const std::uint64_t stream = gen::stream_of(buffer) ^ 0x5a4d504c45ull;  // not the input's stream
  for (std::uint32_t k = 0; out.size() < n; ++k) {
    const auto w = util::philox4x32_10({k, 0, static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)},
                                       {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)});
    out.push_back(((static_cast<std::uint64_t>(w[0]) << 32) | w[1]) % count);
    if (out.size() == n) {  // dedupe, and draw more if duplicates were removed
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
    }
  }
  return out;
}

namespace {

bool use_sampling(const spec::Challenge& c, const spec::TestCase& tc) {
  if (c.sample_above_flops <= 0 || !c.work_flops) return false;
  auto flops = spec::evaluate(*c.work_flops, tc.scalars);
  return flops && static_cast<double>(*flops) > c.sample_above_flops;
}

}  // namespace

Result<CaseData> prepare_case(const spec::Challenge& c, const spec::TestCase& tc, const compile::Binding& binding) {
  CaseData d;
  std::vector<std::size_t> counts(c.params.size(), 0);
  std::map<std::string, std::size_t, std::less<>> count_by_name;
  std::vector<BufferInfo> infos;
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const spec::Param& p = c.params[i];
    if (!p.pointer) continue;
    auto dims = spec::buffer_dims(p, tc.scalars);
    if (!dims) return dims.error();
    std::size_t n = 1;
    for (std::int64_t x : *dims) n *= static_cast<std::size_t>(x);
    counts[i] = n;
    count_by_name[p.name] = n;
    infos.push_back({&p, *dims, n});
  }
  d.request = exec::make_layout(tc.name, tc.kind == spec::CaseKind::performance, c.params, counts, tc.scalars, binding);
  d.buffers = std::move(infos);
  auto shm = util::SharedMemory::create(d.request.shm_bytes, "judge-" + tc.name);
  if (!shm) return shm.error();
  d.shm = std::move(*shm);
  std::map<std::string, const void*, std::less<>> inputs;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& slot = d.request.buffers[b];
    const spec::Param& p = *d.buffers[b].param;
    if (slot.initial_offset != exec::kNone) {
      unsigned char* dst = d.shm.data() + slot.initial_offset;
      gen::generate(tc.inputs.at(p.name), p.type, tc.seed, p.name, dst, d.buffers[b].count);
      inputs[p.name] = dst;
    }
    if (slot.role == spec::Role::out) exec::fill_poison(d.shm.data() + slot.result_offset, slot.bytes, slot.element_bytes);
  }
  if (use_sampling(c, tc)) {
    for (const exec::BufferSlot& slot : d.request.buffers) {
      if (slot.role != spec::Role::in)
        d.samples[slot.name] = sample_indices(tc.seed, slot.name, count_by_name.at(slot.name), c.check_samples);
    }
  }
  if (auto s = run_reference(c, tc, inputs, d.expected, count_by_name, d.samples); !s) return s.error();
  return d;
}

}  // namespace judge::judging
