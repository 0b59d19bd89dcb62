#!/usr/bin/env bash
# Captures Nsight Compute's output for a few matrix multiplications (fixtures for the --profile parser).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/ncu-out}; mkdir -p "$out/ncu"
export PATH=$PATH:/usr/local/cuda/bin
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"; "$NCU" --version > "$out/ncu/version.txt" 2>&1; "$NCU" --help > "$out/ncu/help.txt" 2>&1
"$NCU" --list-sections > "$out/ncu/sections.txt" 2>&1
ls -la $(dirname "$(readlink -f "$NCU")") > "$out/ncu/ncu-dir.txt" 2>&1
for s in naive tiled best; do cp solutions/matrix-multiplication/$s.cu /tmp/sol-$s.cu; done
cp bench/profile/matmul-uncoalesced.cu /tmp/sol-uncoalesced.cu
for s in naive tiled best uncoalesced; do
  nvcc -O3 -arch=sm_90 -DSOLUTION="\"/tmp/sol-$s.cu\"" bench/profile/probe-driver.cu -o /tmp/drv-$s || echo "build $s failed"
  secs="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section WarpStateStats --section SourceCounters --section ComputeWorkloadAnalysis --section SchedulerStats"
  /usr/bin/time -f "$s ncu %e s" "$NCU" $secs -o /tmp/rep-$s -f /tmp/drv-$s 2048 2048 2048 > "$out/ncu/$s-run.txt" 2>&1
  "$NCU" --import /tmp/rep-$s.ncu-rep --csv --page details --print-units base > "$out/ncu/$s-details.csv" 2>&1
  "$NCU" --import /tmp/rep-$s.ncu-rep --csv --page raw --print-units base > "$out/ncu/$s-raw.csv" 2>&1
  "$NCU" --import /tmp/rep-$s.ncu-rep --page details --print-details all > "$out/ncu/$s-details.txt" 2>&1
  "$NCU" --import /tmp/rep-$s.ncu-rep --csv --page details --print-details all --print-rule-details > "$out/ncu/$s-details-all.csv" 2>&1
done
# Without permission to the counters (a non-root user, where the driver restricts them).
cp /tmp/drv-naive /tmp/drv-user; chmod 755 /tmp/drv-user
su nobody -s /bin/sh -c "HOME=/tmp $NCU --section SpeedOfLight /tmp/drv-user 64 64 64" > "$out/ncu/nonroot.txt" 2>&1; echo "rc=$?" >> "$out/ncu/nonroot.txt"
grep -i RmProfilingAdminOnly /proc/driver/nvidia/params >> "$out/ncu/nonroot.txt" 2>&1
tar -C "$out" -czf "$out/ncu.tgz" ncu && rm -rf "$out/ncu"
