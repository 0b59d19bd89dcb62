#!/usr/bin/env bash
# The test command: builds (if needed) and runs every test. GPU tests skip, and say why, when
# no GPU is present.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || ./scripts/setup.sh
cmake --build build
ctest --test-dir build -j"$(nproc)" --output-on-failure
