#include "judging/case_data.hpp"

#include <fmt/format.h>

#include <cstring>
#include <exception>
#include <optional>

#include "gen/generate.hpp"
#include "judging/data_key.hpp"
#include "judging/sampling.hpp"
#include "reference/reference.hpp"
#include "util/thread_pool.hpp"

namespace judge::judging {

Status run_reference(const spec::Challenge& c, const spec::TestCase& tc,
                     const std::map<std::string, const void*, std::less<>>& inputs,
                     std::map<std::string, std::vector<unsigned char>, std::less<>>& outputs,
                     const std::map<std::string, std::size_t, std::less<>>& counts,
                     const std::map<std::string, std::vector<std::size_t>, std::less<>>& samples) {
  const reference::Function fn = reference::find(c.slug);
  if (!fn)
    return make_error(
        fmt::format("no CPU reference is registered for '{}' (challenges/{}/reference.cpp)", c.slug, c.slug));
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

std::uint64_t alternate_seed(std::uint64_t seed) {
  return seed ^ 0x9E3779B97F4A7C15ull;
}

namespace {

// Inputs of one set into their shm sections; returns name -> pointer for the reference.
std::map<std::string, const void*, std::less<>> generate_inputs(CaseData& d, const spec::TestCase& tc,
                                                                std::uint64_t seed, bool alternate) {
  std::map<std::string, const void*, std::less<>> inputs;
  for (std::size_t b = 0; b < d.request.buffers.size(); ++b) {
    const exec::BufferSlot& slot = d.request.buffers[b];
    const std::size_t at = alternate ? slot.alt_initial_offset : slot.initial_offset;
    if (at == exec::kNone) continue;
    const spec::Param& p = *d.buffers[b].param;
    unsigned char* dst = d.shm.data() + at;
    gen::generate(tc.inputs.at(p.name), p.type, seed, p.name, dst, d.buffers[b].count);
    inputs[p.name] = dst;
  }
  return inputs;
}

// Large copies on every core: page faults on the fresh shared memory dominate a single thread.
void copy_parallel(void* dst, const void* src, std::size_t bytes) {
  util::for_each_chunk(bytes, std::size_t{8} << 20, [&](std::size_t at, std::size_t n) {
    std::memcpy(static_cast<unsigned char*>(dst) + at, static_cast<const unsigned char*>(src) + at, n);
  });
}

// The sampled indices, for the runner's validation of timed calls.
void store_samples(CaseData& d) {
  for (const exec::BufferSlot& slot : d.request.buffers) {
    if (slot.sample_offset == exec::kNone) continue;
    const std::vector<std::size_t>& idx = d.samples.at(slot.name);
    for (std::size_t k = 0; k < idx.size(); ++k) {
      const std::uint64_t v = idx[k];
      std::memcpy(d.shm.data() + slot.sample_offset + k * sizeof v, &v, sizeof v);
    }
  }
}

// Copies expected values into the shm sections the runner validates timed calls against.
void store_expected(CaseData& d, const std::map<std::string, std::vector<unsigned char>, std::less<>>& expected,
                    bool alternate) {
  for (const exec::BufferSlot& slot : d.request.buffers) {
    const std::size_t at = alternate ? slot.alt_expected_offset : slot.expected_offset;
    if (at != exec::kNone) copy_parallel(d.shm.data() + at, expected.at(slot.name).data(), slot.bytes);
  }
}

// A cached entry's sections: "in/<buffer>" and "alt_in/<buffer>" (inputs of both sets),
// "want/<buffer>" and "alt_want/<buffer>" (expected values of out and inout buffers).
std::vector<Section> cache_sections(const CaseData& d) {
  std::vector<Section> s;
  for (const exec::BufferSlot& slot : d.request.buffers) {
    if (slot.initial_offset != exec::kNone)
      s.push_back({"in/" + slot.name, d.shm.data() + slot.initial_offset, slot.bytes});
    if (slot.alt_initial_offset != exec::kNone)
      s.push_back({"alt_in/" + slot.name, d.shm.data() + slot.alt_initial_offset, slot.bytes});
    if (auto it = d.expected.find(slot.name); it != d.expected.end())
      s.push_back({"want/" + slot.name, it->second.data(), it->second.size()});
    if (slot.alt_expected_offset != exec::kNone)
      s.push_back({"alt_want/" + slot.name, d.shm.data() + slot.alt_expected_offset, slot.bytes});
  }
  return s;
}

// Fills inputs and expected values from a cached entry; false when a section is missing or has
// the wrong size (then everything is computed afresh).
bool fill_from_cache(CaseData& d, const MappedEntry& e) {
  struct Copy {
    void* dst;
    MappedEntry::View src;
  };
  std::vector<Copy> copies;
  auto want = [&](const std::string& name, std::size_t bytes) -> std::optional<MappedEntry::View> {
    auto v = e.section(name);
    if (!v || v->bytes != bytes) return std::nullopt;
    return v;
  };
  for (const exec::BufferSlot& slot : d.request.buffers) {
    const std::pair<const char*, std::size_t> into_shm[] = {{"in/", slot.initial_offset},
                                                            {"alt_in/", slot.alt_initial_offset},
                                                            {"want/", slot.expected_offset},
                                                            {"alt_want/", slot.alt_expected_offset}};
    for (const auto& [prefix, at] : into_shm) {
      if (at == exec::kNone) continue;
      auto v = want(prefix + slot.name, slot.bytes);
      if (!v) return false;
      copies.push_back({d.shm.data() + at, *v});
    }
    if (slot.role != spec::Role::in) {
      auto v = want("want/" + slot.name, slot.bytes);
      if (!v) return false;
      d.expected[slot.name] = {v->data, v->bytes};  // read in place: the entry stays mapped
    }
  }
  for (const Copy& c : copies) copy_parallel(c.dst, c.src.data, c.src.bytes);
  return true;
}

// The expected values computed by the reference, as views.
void expect_computed(CaseData& d) {
  d.expected.clear();
  for (const auto& [name, bytes] : d.computed) d.expected[name] = {bytes.data(), bytes.size()};
}

}  // namespace

Result<CaseData> prepare_case(const spec::Challenge& c, const spec::TestCase& tc, const compile::Binding& binding,
                              const PrepareOptions& options) {
  CaseData d;
  std::vector<std::size_t> counts(c.params.size(), 0);
  std::map<std::string, std::size_t, std::less<>> count_by_name;
  std::size_t data_bytes = 0;
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const spec::Param& p = c.params[i];
    if (!p.pointer) continue;
    auto dims = spec::buffer_dims(p, tc.scalars);
    if (!dims) return dims.error();
    std::size_t n = 1;
    for (std::int64_t x : *dims) n *= static_cast<std::size_t>(x);
    counts[i] = n;
    count_by_name[p.name] = n;
    data_bytes += n * spec::dtype_bytes(p.type);
    d.buffers.push_back({&p, *dims, n});
  }
  const bool performance = tc.kind == spec::CaseKind::performance;
  if (sampled_case(c, tc)) {
    for (const BufferInfo& b : d.buffers) {
      if (b.param->role == spec::Role::in) continue;
      auto idx = sample_indices(tc.seed, b.param->name, b.dims, c.performance_random_samples);
      if (idx.size() < b.count) d.samples[b.param->name] = std::move(idx);  // else: checked whole
    }
  }
  exec::ValidationLayout v;
  // The runner validates timed calls against the expected values, exactly, and has no reference
  // code: a challenge with an acceptance rule (several right answers) gets no validation of timed
  // calls, and so no second input set. Its final output is still checked on the host, with the
  // rule (judging/diagnose.cpp).
  const bool unique_answer = reference::find_accept(c.slug) == nullptr;
  v.enabled = performance && unique_answer;
  v.alternate = v.enabled && 2 * data_bytes <= options.max_alternate_bytes;
  for (const spec::Param& p : c.params) {
    auto it = d.samples.find(p.name);
    v.sample_counts.push_back(p.pointer && it != d.samples.end() ? it->second.size() : 0);
  }
  d.request = exec::make_layout(tc.name, performance, c.params, counts, tc.scalars, binding, v);
  d.request.tolerance = c.tolerance;
  auto shm = util::SharedMemory::create(d.request.shm_bytes, "judge-" + tc.name);
  if (!shm) return shm.error();
  d.shm = std::move(*shm);
  for (const exec::BufferSlot& slot : d.request.buffers) {
    if (slot.role == spec::Role::out) exec::fill_output_start(d.request, slot, d.shm.data() + slot.result_offset);
  }
  store_samples(d);
  auto step = [&](std::string_view what) {
    if (options.on_step) options.on_step(what);
  };
  const std::string key =
      options.cache && options.cache->enabled() ? data_key(c, tc, d.request.alternate_inputs) : std::string();
  if (!key.empty()) {
    step("loading cached test data");
    if (auto entry = options.cache->load(key); entry && fill_from_cache(d, *entry)) {
      d.from_cache = true;
      d.cache_entry = std::move(*entry);
      return d;
    }
    d.expected.clear();
  }
  step("generating inputs");
  const auto inputs = generate_inputs(d, tc, tc.seed, false);
  step("computing expected values");
  if (auto s = run_reference(c, tc, inputs, d.computed, count_by_name, d.samples); !s) return s.error();
  expect_computed(d);
  if (performance) store_expected(d, d.computed, false);
  if (d.request.alternate_inputs) {
    std::map<std::string, std::vector<unsigned char>, std::less<>> alt_expected;
    step("generating the second input set");
    const auto alt_inputs = generate_inputs(d, tc, alternate_seed(tc.seed), true);
    step("computing its expected values");
    if (auto s = run_reference(c, tc, alt_inputs, alt_expected, count_by_name, d.samples); !s) return s.error();
    store_expected(d, alt_expected, true);
  }
  if (!key.empty()) {
    // Written before the runner sees the shared memory, so nothing it does can reach the cache.
    // A cache that cannot be written only costs time: the run goes on.
    step("writing the data cache");
    (void)options.cache->store(key, cache_sections(d));
  }
  return d;
}

}  // namespace judge::judging
