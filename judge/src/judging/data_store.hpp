// The test-data cache: inputs and expected outputs of test cases, computed once and kept as files
// under $JUDGE_CACHE_DIR/data (docs/timing.md, "The test-data cache"). Generic over content: an
// entry is a set of named byte sections under a key (judging/data_key.hpp makes the keys).
//
// Safe under concurrent writers and readers (runs, grade workers): an entry is written to a
// temporary file and renamed into place, and a reader maps the file it opened, which eviction
// (unlink) leaves intact. Loading an entry touches its modification time; eviction removes the
// least recently used entries until the directory fits its size cap. Only the judge reads these
// files: the runner gets copies in its shared memory region.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::judging {

// Default size cap of the data cache, and the environment variable that changes it.
inline constexpr std::uint64_t kDefaultDataCacheBytes = std::uint64_t{16} << 30;
inline constexpr const char* kDataCacheMaxEnv = "JUDGE_DATA_CACHE_MAX";

// "8G", "500M", "1024" (bytes), "0" (no data cache): the cap's text in the environment or a flag.
Result<std::uint64_t> parse_size(std::string_view text);

struct Section {
  std::string name;
  const void* data = nullptr;
  std::size_t bytes = 0;
};

// A loaded entry: the file mapped read-only, valid while this object lives.
class MappedEntry {
 public:
  MappedEntry() = default;
  MappedEntry(MappedEntry&& o) noexcept;
  MappedEntry& operator=(MappedEntry&& o) noexcept;
  MappedEntry(const MappedEntry&) = delete;
  MappedEntry& operator=(const MappedEntry&) = delete;
  ~MappedEntry();

  // The section's bytes, or nullopt when the entry has no such section.
  struct View {
    const unsigned char* data;
    std::size_t bytes;
  };
  std::optional<View> section(std::string_view name) const;
  std::size_t file_bytes() const { return bytes_; }

 private:
  friend class DataStore;
  void* addr_ = nullptr;
  std::size_t bytes_ = 0;
  std::vector<std::pair<std::string, View>> sections_;
};

struct DataUsage {
  std::uint64_t entries = 0;
  std::uint64_t bytes = 0;
};

class DataStore {
 public:
  DataStore(std::filesystem::path dir, std::uint64_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {}
  // util::cache_root()/data with the cap from $JUDGE_DATA_CACHE_MAX (default kDefaultDataCacheBytes);
  // an unreadable cap is an error naming the variable.
  static Result<DataStore> from_environment();

  const std::filesystem::path& dir() const { return dir_; }
  std::uint64_t max_bytes() const { return max_bytes_; }
  bool enabled() const { return max_bytes_ > 0; }

  // The entry under `key`, or nullopt (none, or unreadable: then it is removed).
  std::optional<MappedEntry> load(const std::string& key) const;
  // Writes the entry (temporary file, then rename) and evicts down to the cap, sparing it. An
  // entry larger than the cap is not kept. Failing to write is not an error of the run: the
  // caller goes on with the data it has.
  Status store(const std::string& key, const std::vector<Section>& sections) const;
  // Removes least recently used entries (oldest modification time first) until at most
  // `max_bytes` remain, never `keep`; also temporary files older than an hour (a writer that
  // died). Returns how many entries were removed.
  std::uint64_t evict(std::uint64_t max_bytes, const std::string& keep = {}) const;
  DataUsage usage() const;
  // Removes every entry; returns how many files were removed.
  Result<std::uint64_t> clear() const;

  std::filesystem::path path_of(const std::string& key) const;

 private:
  std::filesystem::path dir_;
  std::uint64_t max_bytes_ = 0;
};

}  // namespace judge::judging
