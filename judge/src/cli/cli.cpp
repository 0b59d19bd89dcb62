#include "cli/cli.hpp"

#include <fmt/format.h>

#include <cstring>
#include <exception>
#include <vector>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "exec/runner_child.hpp"
#include "exec/sandbox_probe.hpp"
#include "judging/verdict.hpp"
#include "util/interrupt.hpp"
#include "util/subprocess.hpp"

namespace judge::cli {

int fail(const std::string& message, int exit_code) {
  fmt::print(stderr, "judge: error: {}\n", message);
  return exit_code;
}

namespace {

using judging::ExitCode;

// The hidden runner mode: `judge __runner --fd N [--scratch DIR]`. Not a user command, so not
// in the table.
bool is_runner_invocation(int argc, char** argv) {
  return (argc == 4 || (argc == 6 && std::strcmp(argv[4], "--scratch") == 0)) && std::strcmp(argv[1], "__runner") == 0;
}

// `judge __sandbox-probe --scratch DIR`, for judge doctor (exec/sandbox_probe.hpp).
bool is_probe_invocation(int argc, char** argv) {
  return argc == 4 && std::strcmp(argv[1], "__sandbox-probe") == 0 && std::strcmp(argv[2], "--scratch") == 0;
}

int run_parsed(int argc, char** argv) {
  CLI::App app{"judge: an offline judge for CUDA practice problems", "judge"};
  // A function, so the CUDA libraries are asked only when --version is given.
  app.set_version_flag(
      "--version", [] { return version_text(); },
      "Print the version, the git commit it was built from and the CUDA versions");
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 accepted, 1 rejected, 2 usage error, 3 judge error (e.g. no CUDA device), 130 interrupted.\n"
      "Run 'judge <command> --help' for a command's options.");
  GlobalOptions global;
  app.add_option("--root", global.root,
                 "Folder holding challenges/, testcases/, solutions/ (default: found automatically)");
  const std::vector<Command> table = {list_command(),   show_command(),      init_command(),    compile_command(),
                                      run_command(),    baseline_command(),  doctor_command(),  grade_command(),
                                      report_command(), cache_command(),     prepare_command(), validate_command(),
                                      new_command(),    completion_command()};
  std::function<int()> handler;
  for (const Command& c : table) {
    CLI::App* sub = app.add_subcommand(c.name, c.help);
    auto h = c.setup(*sub, global);
    sub->callback([&handler, h] { handler = h; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : static_cast<int>(ExitCode::usage);
  }
  return handler ? handler() : static_cast<int>(ExitCode::usage);
}

}  // namespace

int run_cli(int argc, char** argv) {
  if (is_runner_invocation(argc, argv)) return exec::runner_main(std::atoi(argv[3]), argc == 6 ? argv[5] : "");
  if (is_probe_invocation(argc, argv)) return exec::sandbox_probe_main(argv[3]);
  util::install_interrupt_handler();
  try {
    return run_parsed(argc, argv);
  } catch (const std::exception& e) {
    return fail(fmt::format("internal error: {} (this is a bug in judge; please report it)", e.what()),
                static_cast<int>(ExitCode::judge_error));
  }
}

}  // namespace judge::cli
