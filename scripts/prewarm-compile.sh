#!/usr/bin/env bash
# Fills the compile cache for every shipped solution and corpus file under the given engines, in
# parallel on all cores, so a following scripts/check-solutions.py spends its time on the GPU.
#   scripts/prewarm-compile.sh JUDGE_BINARY ARCH ENGINES   e.g. build/bin/judge sm_90 nvcc,nvrtc
set -uo pipefail
cd "$(dirname "$0")/.."
judge="$1" arch="$2" engines="$3"
python3 - "$engines" <<'PY' | xargs -P"$(nproc)" -n3 sh -c '"$0" compile "$2" "$3" --compiler "$1" --arch '"$arch"' >/dev/null 2>&1 || true' "$judge"
import json, pathlib, sys
corpus = pathlib.Path("judge/tests/corpus/constructs")
files = [(m.parent.name, str(m.parent / s["file"])) for m in sorted(pathlib.Path("solutions").glob("*/expected.json"))
         for s in json.loads(m.read_text())["solutions"]]
files += [(s["challenge"], str(corpus / s["file"])) for s in json.loads((corpus / "expected.json").read_text())["solutions"]]
for engine in sys.argv[1].split(","):
    for slug, path in files:
        print(engine, slug, path)
PY
