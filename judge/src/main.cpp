#include "cli/cli.hpp"

int main(int argc, char** argv) {
  return judge::cli::run_cli(argc, argv);
}
