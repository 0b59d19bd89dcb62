// Baselines: measured runtimes of real solutions on a named GPU model, one JSON file per
// challenge and GPU: <store>/<gpu-key>/<slug>.json. The shipped store is baselines/ in the data
// root; the user's is $XDG_DATA_HOME/judge/baselines (or --store DIR, shared by a class).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::baseline {

struct Entry {
  std::string label;
  std::string source;  // the solution file it was measured from
  double median_ms = 0;
  double noise = 0;   // relative standard error of the median
  std::size_t n = 0;  // samples
  std::string judge_version;
  std::string cuda_version;
  std::string driver_version;
  std::string date;              // UTC, ISO 8601
  std::string engine;            // nvrtc or nvcc; empty in files written before judge 0.2 (unknown)
  std::string compiler_version;  // "nvrtc 13.0; g++ 12.2.0" or nvcc's "release 13.0, V13.0.88"
  bool calibrated = false;       // timed by `judge baseline calibrate` from a shipped rung
  // What was timed (baseline/freshness): the performance case's key (baseline/case_key) and the
  // SHA-256 of the source file. Empty in files written before these fields: an unknown case.
  std::string case_key;
  std::string source_sha256;
  // Not stored: filled when loaded or gathered (baseline/pool).
  std::string origin;      // the file it was loaded from
  bool reference = false;  // a shipped reference solution (a rung), not the user's own
  bool shipped = false;    // from the shipped store
  std::string note;        // the rung's note from solutions/<slug>/expected.json
};

struct File {
  std::string challenge;
  std::string gpu;      // device name, as the driver reports it
  std::string gpu_key;  // its folder name
  std::vector<Entry> entries;
};

// "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3"
std::string gpu_key(std::string_view device_name);
std::filesystem::path default_user_store();

// A missing file is an empty File; a malformed one is an error naming it.
Result<File> load(const std::filesystem::path& store, const std::string& gpu_key, const std::string& slug);
Result<File> load_file(const std::filesystem::path& file);
Status save(const std::filesystem::path& store, const File& file);
// Adds or replaces (same label) an entry.
void upsert(File& file, Entry entry);
// GPU keys with a file for this challenge in the store.
std::vector<std::string> gpu_keys(const std::filesystem::path& store, const std::string& slug);
// Every GPU key with a folder in the store, whatever challenges it holds: the GPU models a
// store has baselines for (`judge validate` requires each shipped challenge in each of them).
std::vector<std::string> gpu_folders(const std::filesystem::path& store);

std::string to_json_text(const File& file);

}  // namespace judge::baseline
