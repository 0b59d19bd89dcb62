#include "baseline/store.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "spec/json_reader.hpp"

namespace judge::baseline {
namespace fs = std::filesystem;

std::string gpu_key(std::string_view name) {
  std::string key;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!key.empty() && key.back() != '-')
      key += '-';
  }
  while (!key.empty() && key.back() == '-') key.pop_back();
  return key.empty() ? "unknown-gpu" : key;
}

fs::path default_user_store() {
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return fs::path(x) / "judge" / "baselines";
  if (const char* h = std::getenv("HOME"); h && *h) return fs::path(h) / ".local" / "share" / "judge" / "baselines";
  return fs::temp_directory_path() / "judge-baselines";
}

namespace {

bool is_sha256_hex(const std::string& s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
         });
}

Result<Entry> read_entry(const spec::Json& j, const spec::JsonPath& at) {
  if (auto s = spec::expect_keys(
          j, at,
          {"label", "source", "median_ms", "noise", "n", "judge_version", "cuda_version", "driver_version", "date",
           "engine", "compiler_version", "calibrated", "case_key", "source_sha256"},
          {"label", "median_ms"});
      !s)
    return s.error();
  Entry e;
  auto label = spec::get_string(j["label"], at.key("label"));
  if (!label) return label.error();
  e.label = *label;
  auto median = spec::get_number(j["median_ms"], at.key("median_ms"));
  if (!median) return median.error();
  if (*median <= 0) return at.key("median_ms").error("must be positive");
  e.median_ms = *median;
  for (auto [key, dst] : {std::pair{"source", &e.source},
                          {"judge_version", &e.judge_version},
                          {"cuda_version", &e.cuda_version},
                          {"driver_version", &e.driver_version},
                          {"date", &e.date},
                          {"engine", &e.engine},
                          {"compiler_version", &e.compiler_version},
                          {"case_key", &e.case_key},
                          {"source_sha256", &e.source_sha256}}) {
    if (!j.contains(key)) continue;
    auto v = spec::get_string(j[key], at.key(key));
    if (!v) return v.error();
    *dst = *v;
  }
  if (j.contains("noise")) {
    auto v = spec::get_number(j["noise"], at.key("noise"));
    if (!v) return v.error();
    e.noise = *v;
  }
  if (!e.engine.empty() && e.engine != "nvrtc" && e.engine != "nvcc")
    return at.key("engine").error("must be \"nvrtc\" or \"nvcc\"");
  for (auto [key, value] : {std::pair{"case_key", &e.case_key}, {"source_sha256", &e.source_sha256}}) {
    if (j.contains(key) && !is_sha256_hex(*value))
      return at.key(key).error("must be 64 lowercase hex digits (a SHA-256)");
  }
  if (j.contains("calibrated")) {
    auto v = spec::get_bool(j["calibrated"], at.key("calibrated"));
    if (!v) return v.error();
    e.calibrated = *v;
  }
  if (j.contains("n")) {
    auto v = spec::get_uint(j["n"], at.key("n"));
    if (!v) return v.error();
    e.n = *v;
  }
  return e;
}

}  // namespace

Result<File> load_file(const fs::path& path) {
  auto doc = spec::read_json_file(path);
  if (!doc) return doc.error();
  const spec::JsonPath at(path.string());
  const spec::Json& j = *doc;
  if (auto s = spec::expect_keys(j, at, {"format", "challenge", "gpu", "gpu_key", "entries"},
                                 {"format", "challenge", "gpu", "entries"});
      !s)
    return s.error();
  auto format = spec::get_int(j["format"], at.key("format"));
  if (!format) return format.error();
  if (*format != 1) return at.key("format").error("unsupported format (this judge reads format 1)");
  File f;
  auto challenge = spec::get_string(j["challenge"], at.key("challenge"));
  if (!challenge) return challenge.error();
  f.challenge = *challenge;
  auto gpu = spec::get_string(j["gpu"], at.key("gpu"));
  if (!gpu) return gpu.error();
  f.gpu = *gpu;
  f.gpu_key = gpu_key(f.gpu);
  if (auto s = spec::expect_array(j["entries"], at.key("entries")); !s) return s.error();
  for (std::size_t i = 0; i < j["entries"].size(); ++i) {
    auto e = read_entry(j["entries"][i], at.key("entries").index(i));
    if (!e) return e.error();
    e->origin = path.string();
    f.entries.push_back(std::move(*e));
  }
  return f;
}

Result<File> load(const fs::path& store, const std::string& key, const std::string& slug) {
  const fs::path path = store / key / (slug + ".json");
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    File f;
    f.challenge = slug;
    f.gpu_key = key;
    return f;
  }
  auto f = load_file(path);
  if (f && f->challenge != slug)
    return make_error(fmt::format("{}: holds baselines of '{}', not '{}'", path.string(), f->challenge, slug));
  return f;
}

std::string to_json_text(const File& f) {
  nlohmann::ordered_json j;
  j["format"] = 1;
  j["challenge"] = f.challenge;
  j["gpu"] = f.gpu;
  j["gpu_key"] = gpu_key(f.gpu);
  j["entries"] = nlohmann::ordered_json::array();
  std::vector<Entry> sorted = f.entries;
  std::sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) { return a.median_ms < b.median_ms; });
  for (const Entry& e : sorted) {
    nlohmann::ordered_json x;
    x["label"] = e.label;
    x["source"] = e.source;
    x["median_ms"] = e.median_ms;
    x["noise"] = e.noise;
    x["n"] = e.n;
    x["judge_version"] = e.judge_version;
    x["cuda_version"] = e.cuda_version;
    x["driver_version"] = e.driver_version;
    x["date"] = e.date;
    if (!e.engine.empty()) x["engine"] = e.engine;
    if (!e.compiler_version.empty()) x["compiler_version"] = e.compiler_version;
    if (e.calibrated) x["calibrated"] = true;
    if (!e.case_key.empty()) x["case_key"] = e.case_key;
    if (!e.source_sha256.empty()) x["source_sha256"] = e.source_sha256;
    j["entries"].push_back(x);
  }
  return j.dump(2) + "\n";
}

Status save(const fs::path& store, const File& f) {
  const fs::path dir = store / gpu_key(f.gpu);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return make_error(fmt::format("cannot create {}: {}", dir.string(), ec.message()));
  const fs::path path = dir / (f.challenge + ".json");
  const fs::path tmp = dir / (f.challenge + ".json.tmp" + std::to_string(::getpid()));
  {
    std::ofstream out(tmp);
    out << to_json_text(f);
    if (!out) return make_error(fmt::format("cannot write {}", tmp.string()));
  }
  fs::rename(tmp, path, ec);
  if (ec) return make_error(fmt::format("cannot write {}: {}", path.string(), ec.message()));
  return Ok{};
}

void upsert(File& f, Entry e) {
  for (Entry& x : f.entries) {
    if (x.label == e.label) {
      x = std::move(e);
      return;
    }
  }
  f.entries.push_back(std::move(e));
}

std::vector<std::string> gpu_keys(const fs::path& store, const std::string& slug) {
  std::vector<std::string> keys;
  std::error_code ec;
  for (const auto& d : fs::directory_iterator(store, ec)) {
    if (d.is_directory() && fs::exists(d.path() / (slug + ".json"))) keys.push_back(d.path().filename().string());
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<std::string> gpu_folders(const fs::path& store) {
  std::vector<std::string> keys;
  std::error_code ec;
  for (const auto& d : fs::directory_iterator(store, ec)) {
    if (d.is_directory()) keys.push_back(d.path().filename().string());
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

}  // namespace judge::baseline
