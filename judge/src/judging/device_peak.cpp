#include "judging/device_peak.hpp"

#include <fmt/format.h>

#include <fstream>

#include "version.hpp"

namespace judge::judging {

std::string device_peak_key(const nlohmann::json& d) {
  return fmt::format("{}|{}|{}|{}", d.value("name", "?"), d.value("driver_version", 0), d.value("memory_clock_khz", 0),
                     d.value("memory_bus_bits", 0));
}

int fp32_lanes_per_sm(int major, int minor) {
  if (major == 7) return 64;                                 // Volta, Turing
  if (major == 8) return minor == 0 ? 64 : 128;              // A100: 64; Ampere/Ada consumer parts: 128
  if (major == 9 || major == 10 || major == 12) return 128;  // Hopper, Blackwell
  return 0;
}

double theoretical_fp32_gflops(const nlohmann::json& d) {
  const int lanes = fp32_lanes_per_sm(d.value("cc_major", 0), d.value("cc_minor", 0));
  return static_cast<double>(d.value("sm_count", 0)) * lanes * 2.0 * d.value("sm_clock_khz", 0) / 1e6;
}

namespace {

nlohmann::json read_cache(const std::filesystem::path& cache_file) {
  if (std::ifstream in(cache_file); in) {
    try {
      auto cache = nlohmann::json::parse(in);
      if (cache.is_object()) return cache;
    } catch (const nlohmann::json::exception&) {
    }
  }
  return nlohmann::json::object();  // none yet, or damaged: measured again
}

}  // namespace

std::optional<DevicePeak> cached_device_peak(const nlohmann::json& device, const std::filesystem::path& cache_file) {
  const nlohmann::json cache = read_cache(cache_file);
  const std::string key = device_peak_key(device);
  if (!cache.contains(key) || !cache[key].contains("copy_gbs")) return std::nullopt;
  DevicePeak peak;
  peak.fp32_gflops = theoretical_fp32_gflops(device);
  peak.copy_gbs = cache[key]["copy_gbs"].get<double>();
  peak.cached = true;
  return peak;
}

Result<DevicePeak> device_peak(exec::Runner& runner, const std::filesystem::path& cache_file) {
  if (auto cached = cached_device_peak(runner.device(), cache_file)) return *cached;
  DevicePeak peak;
  peak.fp32_gflops = theoretical_fp32_gflops(runner.device());
  const std::string key = device_peak_key(runner.device());
  nlohmann::json cache = read_cache(cache_file);
  auto gbs = runner.measure_copy_bandwidth();
  if (!gbs) return gbs.error();
  peak.copy_gbs = *gbs;
  cache[key] = {{"copy_gbs", *gbs}, {"judge_version", kJudgeVersion}};
  std::error_code ec;
  std::filesystem::create_directories(cache_file.parent_path(), ec);
  const auto tmp = cache_file.string() + ".tmp" + std::to_string(::getpid());
  std::ofstream(tmp) << cache.dump(2);
  std::filesystem::rename(tmp, cache_file, ec);
  return peak;
}

}  // namespace judge::judging
