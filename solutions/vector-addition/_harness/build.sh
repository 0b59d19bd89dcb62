set -e
cd "$(dirname "$0")"
mkdir -p bin
jobs=""
for pair in vector-addition:CH_VA matrix-transpose:CH_TR color-inversion:CH_CI; do
  slug=${pair%%:*}; def=${pair##*:}
  for f in $(cd ../../$slug && find . -name '*.cu' -not -path '*_harness*' | sort); do
    name=$(echo "$slug/${f#./}" | tr '/' '_' | sed 's/\.cu$//')
    echo "/usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 -D$def harness.cu ../../$slug/$f -o bin/$name"
  done
done > cmds.txt
xargs -P 4 -I{} sh -c '{}' < cmds.txt
ls bin | wc -l
