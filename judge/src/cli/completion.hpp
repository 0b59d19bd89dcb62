// Shell completion generated from the CLI's own definitions (the CLI11 tree cli.cpp builds), so
// it cannot drift from the commands: `judge completion bash|zsh` prints the script, and the build
// installs both (cmake/install.cmake). Challenge slugs are not baked in: the script asks
// `judge list --slugs` at each TAB, so it sees challenges added later and honours --root.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace judge::cli {

struct CompletionCommand {
  struct Subcommand {
    std::string name, help;
  };
  struct Flag {
    std::vector<std::string> names;    // "--json", "-o"
    std::string help;
    bool takes_value = false;          // the next word is its value, not a command or positional
    std::vector<std::string> choices;  // from a CLI::IsMember check; empty: any (files are offered)
  };
  struct Positional {
    std::string name;
    bool slug = false;                 // named slug/slugs: completes challenge slugs
    bool repeats = false;              // takes any number of words (the last positional only)
    std::vector<std::string> choices;  // from a CLI::IsMember check
  };
  std::string path;  // "" for judge itself, "run", "baseline add"
  std::vector<Subcommand> subcommands;
  std::vector<Flag> flags;
  std::vector<Positional> positionals;
};

// Every command of `root`, depth first, the top level first.
std::vector<CompletionCommand> completion_model(const CLI::App& root);

std::string bash_completion_script(const std::vector<CompletionCommand>& model);
std::string zsh_completion_script(const std::vector<CompletionCommand>& model);

// The command itself (cmd_completion.cpp), for the table in cli.cpp.
struct Command;
Command completion_command();

}  // namespace judge::cli
