#!/usr/bin/env bash
# Fails when a C++ file of the judge or a CPU reference is not formatted per .clang-format.
# Exit 77 (CTest: skipped) when clang-format is not installed.
set -uo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null; then
  echo "clang-format not installed: format check skipped (apt-get install clang-format)"
  exit 77
fi
files=$(find judge challenges -name '*.cpp' -o -name '*.hpp')
if clang-format --dry-run --Werror $files; then
  echo "format: $(echo "$files" | wc -l) files clean"
else
  echo "format: run 'clang-format -i' on the files above (see .clang-format)"
  exit 1
fi
