// One entry per subcommand: its name, one line of help, how it declares its options, and
// what it runs. The table in cli.cpp is the single list of commands.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace judge::cli {

struct GlobalOptions {
  std::optional<std::filesystem::path> root;
};

struct Command {
  const char* name;
  const char* help;
  // Declares the options on `sub` and returns the handler to run if the command is chosen.
  std::function<std::function<int()>(CLI::App& sub, const GlobalOptions& global)> setup;
};

Command list_command();
Command show_command();
Command init_command();
Command run_command();
Command doctor_command();
Command baseline_command();
Command compile_command();
Command grade_command();
Command report_command();
Command cache_command();
Command prepare_command();
Command validate_command();
Command new_command();

// Prints "judge: error: <message>" on stderr and returns the exit code.
int fail(const std::string& message, int exit_code);

}  // namespace judge::cli
