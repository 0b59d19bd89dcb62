#!/usr/bin/env bash
# docs/ci/slurm-grade.sh on a real Slurm. Starts a single-node cluster on this machine (munged,
# slurmctld and slurmd as children of this script, configuration and state in a scratch folder),
# submits the recipe twice on a compile-only batch in 3 shards, one run whole and one with an
# array task cancelled, and checks the merged reports against one direct `judge grade` of the
# same batch: the same verdicts, and the cancelled shard as a note. Every daemon is stopped on
# the way out, also on failure. Skips (77), saying why, without root or the Debian packages
# (scripts/test.sh installs slurm-wlm and munge), or when the daemons do not come up.
# Usage: slurm_test.sh JUDGE SOURCE_ROOT
set -euo pipefail
judge=$(readlink -f "$1")
root=$2
recipe=$root/docs/ci/slurm-grade.sh
started=$SECONDS

say() { echo "slurm_test: $*"; }
skip() {
  status=skipped
  say "skipped: $*"
  exit 77
}
[[ $(id -u) -eq 0 ]] || skip "needs root: slurmctld and slurmd run as root here (SlurmUser=root)"
for tool in munged munge slurmctld slurmd sbatch squeue sinfo scontrol scancel python3; do
  command -v "$tool" >/dev/null || skip "$tool is missing (scripts/test.sh installs slurm-wlm and munge)"
done
# Only this test's cluster: nothing from a surrounding Slurm job or the user's sbatch defaults.
while read -r var; do unset "$var"; done < <(compgen -e | grep -E '^(SLURM|SBATCH|SALLOC|SRUN)_' || true)

scratch=$(mktemp -d /tmp/judge-slurm-XXXXXX)
chmod 755 "$scratch"  # munged wants every folder above its socket searchable by all
mkdir -p "$scratch"/{etc,log,state,spool,munge-key,munge-run,node-tmp,batch}
chmod 700 "$scratch/munge-key"
declare -A daemon=()  # name -> pid, each started here
jobs_submitted=()
status=fail  # ok, skipped (logs already shown) or fail (logs shown on the way out)

alive() {
  local state
  [[ -r /proc/$1/stat ]] || return 1
  read -r _ _ state _ <"/proc/$1/stat" || return 1
  [[ $state != Z ]]
}
stop() {  # pid: TERM, up to 5 s, then KILL; always reaped
  local pid=$1 i
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 50; ++i)); do alive "$pid" || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
tails() {
  local f name logs=()
  for name in munged slurmctld slurmd; do  # the log file, or what a daemon said before it had one
    [[ -s $scratch/log/$name.log ]] && logs+=("$scratch/log/$name.log") || logs+=("$scratch/log/$name.out")
  done
  for f in "${logs[@]}" "$scratch"/log/direct.out "$scratch"/run-*/judge-*.out; do
    [[ -s $f ]] || continue
    echo "----- ${f#"$scratch"/} (last 15 lines)"
    tail -n 15 "$f"
  done
}
leftovers() {  # processes with a file or folder in scratch, other than this shell, the daemons and their children
  local skip=" $$ ${daemon[*]} " p ppid
  find /proc/[0-9]*/fd /proc/[0-9]*/cwd -maxdepth 1 -lname "$scratch*" 2>/dev/null | cut -d/ -f3 | sort -u |
    while read -r p; do
      read -r _ _ _ ppid _ <"/proc/$p/stat" 2>/dev/null || continue
      [[ $skip == *" $p "* || $skip == *" $ppid "* ]] || echo "$p"
    done
}
cleanup() {
  local i p name
  [[ -z ${direct:-} ]] || stop "$direct"
  # Jobs first, then their slurmstepd processes (detached from slurmd, holding its log open),
  # then the daemons in reverse order; what still holds a file in scratch after that is ours too.
  if [[ -n ${daemon[slurmctld]:-} ]] && ((${#jobs_submitted[@]})); then
    scancel "${jobs_submitted[@]}" 2>/dev/null || true
    for ((i = 0; i < 50; ++i)); do
      squeue -h -j "$(IFS=,; echo "${jobs_submitted[*]}")" 2>/dev/null | grep -q . || break
      sleep 0.2
    done
  fi
  for ((i = 0; i < 50; ++i)); do [[ -z $(leftovers) ]] && break; sleep 0.2; done
  for name in slurmd slurmctld munged; do [[ -z ${daemon[$name]:-} ]] || stop "${daemon[$name]}"; done
  for p in $(leftovers); do
    echo "slurm_test: killing leftover process $p: $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)" >&2
    kill -KILL "$p" 2>/dev/null || true
  done
  [[ $status != fail ]] || tails
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
fail() {
  echo "slurm_test: FAILED: $*" >&2
  exit 1
}

# --- munge: a fresh key and a private socket.
dd if=/dev/urandom of="$scratch/munge-key/munge.key" bs=1024 count=1 status=none
chmod 600 "$scratch/munge-key/munge.key"
socket=$scratch/munge-run/munge.socket
munged -F --key-file="$scratch/munge-key/munge.key" --socket="$socket" --pid-file="$scratch/munge-run/munged.pid" \
  --seed-file="$scratch/munge-key/munged.seed" --log-file="$scratch/log/munged.log" \
  </dev/null >"$scratch/log/munged.out" 2>&1 &
daemon[munged]=$!
for ((i = 0; i < 50; ++i)); do munge -S "$socket" -n </dev/null >/dev/null 2>&1 && break; sleep 0.1; done
munge -S "$socket" -n </dev/null >/dev/null 2>&1 || { tails; skip "munged did not start (log above)"; }

# --- slurm.conf: one node with this machine's CPUs, no cgroups, free ports, everything in scratch.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(uname -n)
host=${host%%.*}
cpus=$(nproc)
mem_mb=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 / 2))
: >"$scratch/etc/plugstack.conf"
cat >"$scratch/etc/slurm.conf" <<EOF
ClusterName=judgetest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/state/slurmctld.pid
SlurmdPidFile=$scratch/spool/slurmd.pid
SlurmctldLogFile=$scratch/log/slurmctld.log
SlurmdLogFile=$scratch/log/slurmd.log
PlugStackConfig=$scratch/etc/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# Scheduling within a second of a submission, an ended dependency or the partition coming up.
SchedulerParameters=sched_interval=1
SlurmdParameters=config_overrides
ReturnToService=2
KillWait=5
MinJobAge=600
NodeName=judgenode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
# Down at first: jobs queue but none starts until the test has cancelled the task it means to.
PartitionName=judge Nodes=judgenode Default=YES MaxTime=INFINITE State=DOWN
EOF
export SLURM_CONF=$scratch/etc/slurm.conf
slurmctld -D -c -f "$SLURM_CONF" </dev/null >"$scratch/log/slurmctld.out" 2>&1 &
daemon[slurmctld]=$!
slurmd -D -N judgenode -f "$SLURM_CONF" </dev/null >"$scratch/log/slurmd.out" 2>&1 &
daemon[slurmd]=$!

# --- the direct run, while the cluster comes up: one `judge grade` of the whole batch.
make_batch() {  # two submissions per shard of 3 (ids hash to shards 2, 2, 3, 1; 3, 1)
  local b=$scratch/batch entry student file
  for entry in ann:relu/best.cu dan:leaky-relu/naive.cu cat:reverse-array/best.cu fay:vector-addition/naive.cu; do
    student=${entry%%:*} file=${entry#*:}
    mkdir -p "$b/$student/${file%%/*}"
    cp "$root/solutions/$file" "$b/$student/${file%%/*}/solution.cu"
  done
  mkdir -p "$b/eve/relu" "$b/ivy/vector-addition"
  # Two compile errors: a signature that does not bind, and code the compiler rejects.
  printf '%s\n' '#include <cuda_runtime.h>' 'extern "C" void solve(const float* input, int n) {}' \
    >"$b/eve/relu/solution.cu"
  printf '%s\n' '#include <cuda_runtime.h>' '__global__ void add(const float* a, float* c, int n) { c[0] = a[0] +; }' \
    'extern "C" void solve(const float* A, const float* B, float* C, int N) { add<<<1, 1>>>(A, C, N); }' \
    >"$b/ivy/vector-addition/solution.cu"
}
make_batch
JUDGE_CACHE_DIR=$scratch/cache-direct "$judge" grade "$scratch/batch" --compile-only --arch sm_90 \
  --json "$scratch/direct.json" --exit-zero >"$scratch/log/direct.out" 2>&1 &
direct=$!

# --- wait for the node to register.
for ((i = 0; i < 100; ++i)); do
  alive "${daemon[slurmctld]}" && alive "${daemon[slurmd]}" || break
  [[ $(sinfo -h -N -n judgenode -o %T 2>/dev/null) == idle ]] && break
  sleep 0.2
done
if [[ $(sinfo -h -N -n judgenode -o %T 2>/dev/null) != idle ]]; then
  tails
  wait "$direct" || true
  direct=
  skip "Slurm did not come up: node state '$(sinfo -h -N -n judgenode -o %T 2>&1 || true)' (logs above)"
fi
say "$(sinfo -V) up in $((SECONDS - started)) s: node judgenode ($cpus CPUs), controller on 127.0.0.1:$ctld_port"

# --- the recipe, twice, with no GPU requested and compile-only grading.
export JUDGE=$judge JUDGE_SLURM_GPUS=0 JUDGE_SLURM_CPUS=1 JUDGE_SLURM_MEM=256M JUDGE_SLURM_TIME=00:10:00
export TMPDIR=$scratch/node-tmp
submit() {  # outdir; sets array and merge
  local out
  out=$("$recipe" "$scratch/batch" 3 "$1" -- --compile-only --arch sm_90 2>&1) || fail "the recipe failed: $out"
  [[ $out =~ array\ job\ ([0-9]+)\ \(3\ shards\),\ merge\ job\ ([0-9]+) ]] || fail "unexpected recipe output: $out"
  array=${BASH_REMATCH[1]} merge=${BASH_REMATCH[2]}
  jobs_submitted+=("$array" "$merge")
  say "$out"
}
submit "$scratch/run-whole"
submit "$scratch/run-cut"
scancel "${array}_1" || fail "scancel ${array}_1 failed"
say "cancelled array task ${array}_1 (shard 2) before it started"
scontrol update PartitionName=judge State=UP || fail "could not bring the partition up"

# --- wait for both arrays and both merges.
ids=$(IFS=,; echo "${jobs_submitted[*]}")
deadline=$((SECONDS + 180))
while :; do
  states=$(squeue -h -t all -j "$ids" -o '%i %T' 2>&1) || fail "squeue failed: $states"
  grep -q -E 'PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|REQUEUE|RESIZING|SIGNALING|STAGE_OUT' <<<"$states" || break
  ((SECONDS < deadline)) || fail "jobs still running after 180 s: $(tr '\n' ' ' <<<"$states")"
  sleep 0.5
done
say "jobs ended: $(sort <<<"$states" | tr '\n' ' ')"
wait "$direct" || { cat "$scratch/log/direct.out"; direct=; fail "the direct judge grade failed"; }
direct=

# --- the reports.
python3 - "$scratch" <<'PY' || fail "the merged reports do not match the direct run (above)"
import json, sys, xml.etree.ElementTree as ET
from pathlib import Path
s = Path(sys.argv[1])
load = lambda p: json.loads(p.read_text())
def verdicts(report):
    return {sub["id"]: sub["verdict"] for sub in report["submissions"]}
direct = verdicts(load(s / "direct.json"))
whole, cut = load(s / "run-whole/merged.json"), load(s / "run-cut/merged.json")
shards = [verdicts(load(s / f"run-whole/shard-{i}.json")) for i in (1, 2, 3)]
problems = []
def check(ok, what):
    if not ok: problems.append(what)
print(f"{'submission':<34} {'direct':<9} {'slurm':<9} {'shard':<6} with shard 2 cancelled")
for sid in sorted(direct):
    shard = next((i + 1 for i, v in enumerate(shards) if sid in v), "-")
    print(f"{sid:<34} {direct[sid]:<9} {verdicts(whole).get(sid, 'absent'):<9} {shard!s:<6} {verdicts(cut).get(sid, 'absent')}")
check(len(direct) == 6, f"the direct run graded {len(direct)} submissions, not 6")
check(sorted(set(direct.values())) == ["CE", "compiled"], f"direct verdicts: {sorted(set(direct.values()))}")
check(all(shards), f"every shard should hold a submission: {[len(v) for v in shards]}")
check(verdicts(whole) == direct, "whole run: merged verdicts differ from the direct run")
check(whole.get("missing_shards") == [] and whole.get("notes") == [], f"whole run: notes {whole.get('notes')}")
check([x["index"] for x in whole["shards"]] == [1, 2, 3], f"whole run: shards {whole['shards']}")
expected_cut = {k: v for k, v in direct.items() if k not in shards[1]}
check(verdicts(cut) == expected_cut, "cancelled run: merged verdicts are not the direct run less shard 2")
check(cut.get("missing_shards") == [2], f"cancelled run: missing_shards {cut.get('missing_shards')}")
check(any(n.startswith("shard 2 of 3 missing") for n in cut.get("notes", [])), f"cancelled run: notes {cut.get('notes')}")
check(not (s / "run-cut/shard-2.json").exists(), "cancelled run: shard-2.json exists")
for run, report in (("run-whole", whole), ("run-cut", cut)):
    root = ET.parse(s / run / "merged.xml").getroot()
    check(int(root.get("tests")) == len(report["submissions"]), f"{run}/merged.xml: tests={root.get('tests')}")
props = {p.get("name"): p.get("value") for p in ET.parse(s / "run-cut/merged.xml").getroot().iter("property")}
check(props.get("missing_shards") == "[2]", f"run-cut/merged.xml: missing_shards property {props.get('missing_shards')}")
print("cancelled run's note:", cut.get("notes"))
for p in problems: print("problem:", p)
sys.exit(1 if problems else 0)
PY
if command -v xmllint >/dev/null; then
  for run in run-whole run-cut; do
    xmllint --noout --schema "$root/docs/schemas/junit.xsd" "$scratch/$run/merged.xml" 2>&1 \
      || fail "$run/merged.xml does not validate against docs/schemas/junit.xsd"
  done
fi
status=ok
say "passed in $((SECONDS - started)) s"
