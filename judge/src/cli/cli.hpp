// The command line. main() only calls run_cli.
#pragma once

namespace judge::cli {

int run_cli(int argc, char** argv);

}  // namespace judge::cli
