#!/usr/bin/env bash
# Gathers, on this machine, what the GPU machine's image may lack to build the judge and its tests: pugixml and GoogleTest (Debian
# packages, unpacked there by scripts/gpu-check.sh) and Chart.js (for the HTML report). They go to
# .gpu-deps/ (ignored by git), which the device tool must carry: carry [".gpu-deps"].
#   scripts/gpu-deps.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .gpu-deps
# apt-get download writes into the current folder; _apt cannot write here, so it warns and downloads as root.
(cd .gpu-deps && apt-get download libpugixml-dev libpugixml1v5 libgtest-dev 2>&1 | grep -v "unsandboxed" || true)
cp /usr/share/javascript/chart.js/chart.min.js .gpu-deps/ 2>/dev/null \
  || echo "gpu-deps: no Chart.js here (apt-get install libjs-chart.js): the GPU build will lack the HTML report" >&2
ls .gpu-deps
