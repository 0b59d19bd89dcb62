// The host side of one test case: inputs generated straight into the shared region the
// runner maps, outputs poisoned, and the CPU reference's expected values.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "compile/binding.hpp"
#include "exec/test_layout.hpp"
#include "judging/data_store.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"
#include "util/result.hpp"
#include "util/shared_memory.hpp"

namespace judge::judging {

struct BufferInfo {
  const spec::Param* param = nullptr;
  std::vector<std::int64_t> dims;
  std::size_t count = 0;
};

// Expected values of one buffer, read where they lie: in the mapped cache entry, or in values the
// reference computed in this run (a large output is not copied again).
struct ByteView {
  const unsigned char* bytes = nullptr;
  std::size_t count = 0;
  const unsigned char* data() const { return bytes; }
  std::size_t size() const { return count; }
};

struct CaseData {
  bool from_cache = false;  // inputs and expected values came from the data cache
  exec::TestRequest request;
  util::SharedMemory shm;
  std::vector<BufferInfo> buffers;  // parallel to request.buffers
  // The expected values of out and inout buffers, views into `cache_entry` or `computed`, which
  // own them (both keep their bytes in place when a CaseData is moved).
  std::map<std::string, ByteView, std::less<>> expected;
  MappedEntry cache_entry;
  std::map<std::string, std::vector<unsigned char>, std::less<>> computed;
  // Sampled checking (performance case only, judging/sampling.hpp): the flat indices compared
  // per output buffer; a buffer not listed is compared whole.
  std::map<std::string, std::vector<std::size_t>, std::less<>> samples;
};

struct PrepareOptions {
  // Performance case: timed calls alternate with a second input set when its data fits in this
  // many bytes (inputs + expected outputs of both sets); 0 disables the second set.
  std::size_t max_alternate_bytes = std::size_t{4} << 30;
  // The test-data cache: inputs and expected values are loaded from it when present, and stored
  // in it when computed. Null: always computed.
  const DataStore* cache = nullptr;
  // Called with what the data step does next ("generating inputs", ...), for progress lines.
  std::function<void(std::string_view step)> on_step;
};

// Builds everything the runner and the checker need for one case. Errors are the judge's
// (a reference that throws, memory that cannot be had).
Result<CaseData> prepare_case(const spec::Challenge& c, const spec::TestCase& tc, const compile::Binding& binding,
                              const PrepareOptions& options = {});

// The seed of the alternate input set of a performance case.
std::uint64_t alternate_seed(std::uint64_t seed);

// Runs the challenge's reference on host buffers (also used by the unit tests).
Status run_reference(const spec::Challenge& c, const spec::TestCase& tc,
                     const std::map<std::string, const void*, std::less<>>& inputs,
                     std::map<std::string, std::vector<unsigned char>, std::less<>>& outputs,
                     const std::map<std::string, std::size_t, std::less<>>& counts,
                     const std::map<std::string, std::vector<std::size_t>, std::less<>>& samples = {});

}  // namespace judge::judging
