#!/usr/bin/env bash
# Installs the build dependencies (Debian/Ubuntu) and builds judge into build/.
# The CUDA toolkit itself is expected at /usr/local/cuda (or on PATH): it is not an apt package here.
# libjs-chart.js is embedded into the judge at build time (the HTML class report); chromium runs
# the report's browser test headless.
set -euo pipefail
cd "$(dirname "$0")/.."

# slurm-wlm and munge: judge/tests/slurm_test.sh runs docs/ci/slurm-grade.sh on a one-node Slurm.
packages=(cmake ninja-build g++ libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev python3 libxml2-utils python3-yaml
          help2man dpkg-dev zsh libssl-dev libpugixml-dev slurm-wlm munge libjs-chart.js chromium)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if ((${#missing[@]})); then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: the CUDA toolkit (nvcc, NVRTC, cudart) was not found; install it to /usr/local/cuda" >&2
  exit 1
fi
export PATH="$PATH:/usr/local/cuda/bin"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
echo "setup: built build/bin/judge"
