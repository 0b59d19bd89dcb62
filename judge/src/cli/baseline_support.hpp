// What the `judge baseline` subcommands share: turning an accepted run into a baseline entry,
// the GPU of this machine, the stores, and the declarations of the subcommands kept in their own
// files (rank, calibrate, check, stamp).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "baseline/store.hpp"
#include "cli/run_support.hpp"

namespace judge::cli {

// The handler of the subcommand the user chose; each subcommand's callback fills it.
using ChosenHandler = std::shared_ptr<std::function<int()>>;

// The source as a path relative to the data root when it lives there (shipped solutions).
std::string source_label(const std::filesystem::path& file, const std::filesystem::path& root);

// The baseline entry of an accepted run: its performance median, the versions, the engine and
// the compiler's version. An error (with the exit code to return) when it was not accepted or
// measured nothing.
struct EntryError {
  std::string message;
  int exit_code;
};
std::variant<baseline::Entry, EntryError> entry_from_run(const Judged& j, const JudgeRequest& r,
                                                         const std::string& label);

// The name of this machine's GPU, as the runner reports it, or why there is none.
Result<std::string> local_gpu_name();
// The runner's device block for this machine's GPU (name, compute capability, ...).
Result<nlohmann::json> local_device();

// "--store DIR", else the user store.
std::filesystem::path store_or_default(const std::optional<std::string>& store);

// "nvidia-h100-80gb-hbm3, nvidia-h200" (the GPU keys with baselines of `slug`), or "none".
std::string known_gpu_keys(const std::vector<std::filesystem::path>& stores, const std::string& slug);

void declare_baseline_rank(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen);
void declare_baseline_calibrate(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen);
void declare_baseline_check(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen);
void declare_baseline_stamp(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen);

}  // namespace judge::cli
