#!/usr/bin/env bash
# Configures and builds the judge on the GPU machine into build-gpu/ (RelWithDebInfo, Ninja), with
# what its image lacks unpacked aside: pugixml and Chart.js, which scripts/gpu-deps.sh gathered
# into .gpu-deps/ on the development machine (carry [".gpu-deps"] to the device tool).
#   scripts/gpu-build.sh [TARGET...]      (default: every target)
# Prints the export line for LD_LIBRARY_PATH to eval, since the judge links the unpacked pugixml:
#   eval "$(scripts/gpu-build.sh judge)"
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build="$root/build-gpu"
mkdir -p "$build"
export PATH="$PATH:/usr/local/cuda/bin"
deps_args=()
lib_dir=""
if [ -d .gpu-deps ]; then
  for d in .gpu-deps/*.deb; do [ -e "$d" ] && dpkg -x "$d" "$build/deps"; done
  if [ -d "$build/deps/usr" ]; then
    deps_args+=(-DCMAKE_PREFIX_PATH="$build/deps/usr")
    lib_dir="$build/deps/usr/lib/x86_64-linux-gnu"
  fi
  [ -f .gpu-deps/chart.min.js ] && deps_args+=(-DJUDGE_CHARTJS="$root/.gpu-deps/chart.min.js")
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
{ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${deps_args[@]}" &&
  cmake --build "$build" "${targets[@]}"; } >"$build/cmake.log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  tail -40 "$build/cmake.log" >&2
  echo "gpu-build: BUILD FAILED (log: $build/cmake.log)" >&2
  exit 1
fi
[ -n "$lib_dir" ] && echo "export LD_LIBRARY_PATH=\"$lib_dir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}\""
exit 0
