#!/usr/bin/env bash
# Set-up for using the judge: installs what building and running it needs (Debian/Ubuntu) and
# builds build/bin/judge, with the completion scripts and man page that `cmake --install` copies.
# The tests' packages and targets are scripts/test.sh's job (docs/testing.md).
# The CUDA toolkit itself is expected at /usr/local/cuda (or on PATH): it is not an apt package here.
set -euo pipefail
cd "$(dirname "$0")/.."

# The build's find_package list (CMakeLists.txt) and its compilers; libjs-chart.js is inlined into
# the HTML class report at build time; ccache makes a rebuild (another clone, a new commit) cheap.
scripts/install-packages.sh --no-recommends cmake ninja-build g++ ccache libcli11-dev nlohmann-json3-dev libfmt-dev \
  libssl-dev libpugixml-dev libjs-chart.js
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: the CUDA toolkit (nvcc, NVRTC, cudart) was not found; install it to /usr/local/cuda" >&2
  exit 1
fi
export PATH="$PATH:/usr/local/cuda/bin"
# A new build folder gets line tables only (-g1): backtraces keep their files and lines, and the
# build takes about a quarter less CPU than with full -g. An existing folder keeps its flags (a
# change would rebuild everything); for full debug information configure one with
# -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g -DNDEBUG".
flags=()
[ -f build/CMakeCache.txt ] || flags+=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG")
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${flags[@]}" >/dev/null
# judge_share: bash and zsh completion, and judge.1 where help2man is installed.
cmake --build build --target judge judge_share
echo "setup: built build/bin/judge"
