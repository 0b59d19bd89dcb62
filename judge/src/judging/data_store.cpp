#include "judging/data_store.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <system_error>
#include <utility>

#include "util/cache_root.hpp"
#include "util/fd.hpp"

namespace judge::judging {
namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'J', 'D', 'A', 'T', 'A', '0', '1', '\n'};
constexpr std::size_t kPage = 4096;
constexpr const char* kSuffix = ".bin";
constexpr const char* kTempPrefix = ".tmp-";

std::size_t round_up(std::size_t n) {
  return (n + kPage - 1) / kPage * kPage;
}

// Writes `bytes` at `offset` (the gaps between sections stay holes, read as zeros).
bool write_at(int fd, const void* data, std::size_t bytes, std::size_t offset) {
  const auto* p = static_cast<const unsigned char*>(data);
  while (bytes) {
    const ssize_t w = ::pwrite(fd, p, std::min<std::size_t>(bytes, std::size_t{1} << 30), static_cast<off_t>(offset));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    offset += static_cast<std::size_t>(w);
    bytes -= static_cast<std::size_t>(w);
  }
  return true;
}

// The header: magic, its text's length, then the key and one "name offset bytes" line per section.
std::string header_text(const std::string& key, const std::vector<Section>& sections, std::size_t first_offset,
                        std::vector<std::size_t>& offsets) {
  std::string text = key + "\n";
  std::size_t at = first_offset;
  offsets.clear();
  for (const Section& s : sections) {
    offsets.push_back(at);
    text += fmt::format("{} {} {}\n", s.name, at, s.bytes);
    at += round_up(s.bytes);
  }
  return text;
}

struct Listed {
  fs::path path;
  std::uint64_t bytes = 0;
  fs::file_time_type time;
  bool temp = false;
};

std::vector<Listed> list_dir(const fs::path& dir) {
  std::vector<Listed> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const bool temp = name.starts_with(kTempPrefix);
    if (!temp && !name.ends_with(kSuffix)) continue;
    std::error_code e2;
    Listed l{it->path(), it->file_size(e2), it->last_write_time(e2), temp};
    if (!e2) out.push_back(l);
  }
  return out;
}

}  // namespace

Result<std::uint64_t> parse_size(std::string_view text) {
  if (text.empty()) return make_error("empty size");
  std::uint64_t scale = 1;
  std::string digits(text);
  const char last = static_cast<char>(std::toupper(static_cast<unsigned char>(digits.back())));
  if (last == 'K' || last == 'M' || last == 'G' || last == 'T') {
    scale = last == 'K' ? 1ull << 10 : last == 'M' ? 1ull << 20 : last == 'G' ? 1ull << 30 : 1ull << 40;
    digits.pop_back();
  }
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return make_error(fmt::format("'{}' is not a size (use bytes, or a number with K, M, G or T: 8G)", text));
  return std::strtoull(digits.c_str(), nullptr, 10) * scale;
}

MappedEntry::MappedEntry(MappedEntry&& o) noexcept
    : addr_(std::exchange(o.addr_, nullptr)), bytes_(std::exchange(o.bytes_, 0)), sections_(std::move(o.sections_)) {}

MappedEntry& MappedEntry::operator=(MappedEntry&& o) noexcept {
  if (this != &o) {
    if (addr_) ::munmap(addr_, bytes_);
    addr_ = std::exchange(o.addr_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
    sections_ = std::move(o.sections_);
  }
  return *this;
}

MappedEntry::~MappedEntry() {
  if (addr_) ::munmap(addr_, bytes_);
}

std::optional<MappedEntry::View> MappedEntry::section(std::string_view name) const {
  for (const auto& [n, v] : sections_)
    if (n == name) return v;
  return std::nullopt;
}

Result<DataStore> DataStore::from_environment() {
  std::uint64_t cap = kDefaultDataCacheBytes;
  if (const char* v = std::getenv(kDataCacheMaxEnv); v && *v) {
    auto parsed = parse_size(v);
    if (!parsed) return make_error(fmt::format("{}: {}", kDataCacheMaxEnv, parsed.error().message));
    cap = *parsed;
  }
  return DataStore(util::cache_root() / "data", cap);
}

fs::path DataStore::path_of(const std::string& key) const {
  return dir_ / (key + kSuffix);
}

std::optional<MappedEntry> DataStore::load(const std::string& key) const {
  if (!enabled()) return std::nullopt;
  const fs::path path = path_of(key);
  util::Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.valid()) return std::nullopt;
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || st.st_size < static_cast<off_t>(kPage)) return std::nullopt;
  MappedEntry e;
  e.bytes_ = static_cast<std::size_t>(st.st_size);
  e.addr_ = ::mmap(nullptr, e.bytes_, PROT_READ, MAP_SHARED, fd.get(), 0);
  if (e.addr_ == MAP_FAILED) {
    e.addr_ = nullptr;
    return std::nullopt;
  }
  const auto* base = static_cast<const unsigned char*>(e.addr_);
  auto corrupt = [&] {
    std::error_code ec;
    fs::remove(path, ec);  // a half-written or foreign file: the next run writes a good one
    return std::nullopt;
  };
  std::uint64_t header_bytes = 0;
  if (std::memcmp(base, kMagic, sizeof kMagic) != 0) return corrupt();
  std::memcpy(&header_bytes, base + 8, 8);
  if (header_bytes > e.bytes_ - 16) return corrupt();
  std::istringstream in(std::string(reinterpret_cast<const char*>(base + 16), header_bytes));
  std::string stored_key;
  if (!std::getline(in, stored_key) || stored_key != key) return corrupt();
  std::string name;
  std::size_t offset = 0, bytes = 0;
  while (in >> name >> offset >> bytes) {
    if (offset > e.bytes_ || bytes > e.bytes_ - offset) return corrupt();
    e.sections_.push_back({name, {base + offset, bytes}});
  }
  ::futimens(fd.get(), nullptr);  // used now: least recently used eviction goes by this time
  return e;
}

Status DataStore::store(const std::string& key, const std::vector<Section>& sections) const {
  if (!enabled()) return Ok{};
  std::vector<std::size_t> offsets;
  std::string header = header_text(key, sections, 0, offsets);
  const std::size_t first = round_up(16 + header.size() + 64 * sections.size());  // room for the offsets' digits
  header = header_text(key, sections, first, offsets);
  const std::size_t total = sections.empty() ? first : offsets.back() + round_up(sections.back().bytes);
  if (total > max_bytes_) return Ok{};  // would evict everything else and itself
  std::error_code ec;
  fs::create_directories(dir_, ec);
  static std::atomic<unsigned> counter{0};
  const fs::path temp = dir_ / fmt::format("{}{}-{}-{}", kTempPrefix, key.substr(0, 16), ::getpid(), counter++);
  util::Fd fd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (!fd.valid())
    return make_error(fmt::format("cannot write the data cache in {}: {}", dir_.string(), std::strerror(errno)));
  const std::uint64_t header_bytes = header.size();
  bool ok = write_at(fd.get(), kMagic, 8, 0) && write_at(fd.get(), &header_bytes, 8, 8) &&
            write_at(fd.get(), header.data(), header.size(), 16);
  for (std::size_t i = 0; ok && i < sections.size(); ++i)
    ok = write_at(fd.get(), sections[i].data, sections[i].bytes, offsets[i]);
  if (ok) ok = ::ftruncate(fd.get(), static_cast<off_t>(total)) == 0;
  fd.reset();
  if (!ok || ::rename(temp.c_str(), path_of(key).c_str()) != 0) {
    const std::string why = std::strerror(errno);
    fs::remove(temp, ec);
    return make_error(fmt::format("cannot write the data cache in {}: {}", dir_.string(), why));
  }
  evict(max_bytes_, key);
  return Ok{};
}

std::uint64_t DataStore::evict(std::uint64_t max_bytes, const std::string& keep) const {
  std::vector<Listed> files = list_dir(dir_);
  std::uint64_t removed = 0, total = 0;
  const auto stale = fs::file_time_type::clock::now() - std::chrono::hours(1);
  std::vector<Listed> entries;
  for (Listed& f : files) {
    std::error_code ec;
    if (f.temp) {
      if (f.time < stale) fs::remove(f.path, ec);
      continue;
    }
    total += f.bytes;
    entries.push_back(std::move(f));
  }
  std::sort(entries.begin(), entries.end(), [](const Listed& a, const Listed& b) { return a.time < b.time; });
  const std::string kept = keep.empty() ? std::string() : keep + kSuffix;
  for (const Listed& f : entries) {
    if (total <= max_bytes) break;
    if (!kept.empty() && f.path.filename() == kept) continue;
    std::error_code ec;
    if (fs::remove(f.path, ec)) ++removed;
    total -= f.bytes;  // gone, or removed by another process meanwhile
  }
  return removed;
}

DataUsage DataStore::usage() const {
  DataUsage u;
  for (const Listed& f : list_dir(dir_)) {
    if (f.temp) continue;
    ++u.entries;
    u.bytes += f.bytes;
  }
  return u;
}

Result<std::uint64_t> DataStore::clear() const {
  std::uint64_t removed = 0;
  for (const Listed& f : list_dir(dir_)) {
    std::error_code ec;
    if (fs::remove(f.path, ec)) ++removed;
    if (ec) return make_error(fmt::format("cannot remove {}: {}", f.path.string(), ec.message()));
  }
  return removed;
}

}  // namespace judge::judging
