#!/usr/bin/env bash
# A one-node Slurm cluster on this machine (Debian's munge, slurmctld, slurmd), a small
# study run as a 4-task job array plus the dependent merge (scripts/slurm/submit-study.sh),
# compared with the same study played by one process: the merged JSON must equal the
# single run's byte for byte once the timings are removed, and the CSVs must be equal.
#   tests/slurm/one_node.sh TILEWRIGHT DB [SHARDS]
# Exit 77 (ctest: skipped) when Slurm or munge is not installed or we are not root,
# unless TW_REQUIRE_SLURM=1 (CI), which makes that a failure. Daemons this script started
# are stopped by their pids when it ends. TW_SLURM_ARGS replaces the study's arguments
# (simulate's; "compare A B ..." shards a comparison).
set -euo pipefail
tw=$(realpath "$1")
db=$(realpath "$2")
shards=${3:-4}
here=$(cd "$(dirname "$0")/../.." && pwd)
skip() {
  echo "SKIP: $*"
  if [[ ${TW_REQUIRE_SLURM:-0} == 1 ]]; then echo "TW_REQUIRE_SLURM=1: failing instead" >&2; exit 1; fi
  exit 77
}
for cmd in munged munge unmunge slurmctld slurmd sbatch squeue sinfo; do
  command -v "$cmd" >/dev/null || skip "$cmd not installed (.ci/install-deps --slurm installs slurm-wlm and munge)"
done
[[ $(id -u) -eq 0 ]] || skip "starting munge and Slurm daemons needs root"

tmp=$(mktemp -d /tmp/tw-slurm.XXXXXX)
chmod 755 "$tmp"
started_munge=""
cleanup() {
  local code=$?
  for pidfile in "$tmp/slurmd.pid" "$tmp/slurmctld.pid"; do
    [[ -s $pidfile ]] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 1
  for pidfile in "$tmp/slurmd.pid" "$tmp/slurmctld.pid"; do
    [[ -s $pidfile ]] && kill -9 "$(cat "$pidfile")" 2>/dev/null || true
  done
  if [[ -n $started_munge && -s /run/munge/munged.pid ]]; then kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true; fi
  if [[ $code -ne 0 ]]; then
    echo "--- logs (exit $code)"
    tail -n 30 "$tmp"/*.log "$tmp"/out/slurm-*.out 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# munge: a key, its directories, the daemon (unless one runs already).
mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge
if [[ ! -s /etc/munge/munge.key ]]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
chown -R munge:munge /etc/munge /var/log/munge /run/munge /var/lib/munge
chmod 0400 /etc/munge/munge.key
chmod 0700 /etc/munge
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  runuser -u munge -- munged
  started_munge=1
  for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi
munge -n | unmunge | grep -q "STATUS:.*Success" || { echo "munge does not work"; exit 1; }

# Slurm: one node, this machine; a configuration of our own (SLURM_CONF), nothing in /etc/slurm.
node=$(hostname -s)
mem=$(( $(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) * 9 / 10 ))
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/out"
cat > "$tmp/slurm.conf" <<CONF
ClusterName=tw-test
SlurmctldHost=$node
SlurmctldPort=${TW_SLURMCTLD_PORT:-6817}
SlurmdPort=${TW_SLURMD_PORT:-6818}
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$node CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld
slurmd
for _ in $(seq 60); do
  sinfo -h -o "%t" 2>/dev/null | grep -q "idle" && break
  sleep 1
done
sinfo
sinfo -h -o "%t" | grep -q idle || { echo "the node did not become idle"; exit 1; }

# The study: small, fast bots, seats rotated (every code path of the merge).
if [[ -n ${TW_SLURM_ARGS:-} ]]; then
  read -r -a args <<<"$TW_SLURM_ARGS"
else
  args=(--ruleset gcc --bots greedy,random --games 10 --seed 7 --rotate)
fi
cmd=simulate
if [[ ${args[0]} == compare ]]; then cmd=compare; args=("${args[@]:1}"); fi
"$tw" "$cmd" --db "$db" "${args[@]}" --threads 1 --json="$tmp/single.json" --csv "$tmp/single.csv" >/dev/null

start=$(date +%s%N)
read -r array merge < <("$here/scripts/slurm/submit-study.sh" -n "$shards" -o "$tmp/out" -t "$tw" -- "$cmd" --db "$db" "${args[@]}")
echo "submitted array job $array ($shards tasks) and merge job $merge"
for _ in $(seq 600); do
  [[ -z $(squeue -h -j "$array,$merge" 2>/dev/null) ]] && break
  sleep 0.5
done
end=$(date +%s%N)
[[ -s $tmp/out/study.json ]] || { echo "the merge job wrote no study.json"; exit 1; }
ms=$(( (end - start) / 1000000 ))
echo "array of $shards tasks + merge: $((ms / 1000)).$(printf %03d $((ms % 1000))) s wall"
cat "$tmp"/out/slurm-*-merge.out

strip_timing() { sed 's/,"timing":{[^}]*}}$/}/' "$1"; }
if ! cmp <(strip_timing "$tmp/single.json") <(strip_timing "$tmp/out/study.json"); then
  echo "FAIL: the merged study differs from the single-process run"
  diff <(strip_timing "$tmp/single.json" | tr ',' '\n') <(strip_timing "$tmp/out/study.json" | tr ',' '\n') | head -20
  exit 1
fi
cmp "$tmp/single.csv" "$tmp/out/study.csv"
echo "OK: $shards Slurm array tasks merged == one process (JSON without timings, CSV)"

# The meter's bracket as a job array (scripts/slurm/submit-bracket.sh: a task per row, the
# table when every row is done) gives the table scripts/bracket.sh gives in one process
# (without the CPU seconds).
export LEVELS=mists-1
"$here/scripts/bracket.sh" -o "$tmp/bracket-one" -g 2 -n 2000 -j 1 -t "$tw" -d "$db" >"$tmp/bracket-one.md"
read -r barray btable < <("$here/scripts/slurm/submit-bracket.sh" -o "$tmp/bracket-array" -g 2 -n 2000 -t "$tw" -d "$db")
echo "submitted the bracket: array job $barray (4 rows) and table job $btable"
for _ in $(seq 600); do
  [[ -z $(squeue -h -j "$barray,$btable" 2>/dev/null) ]] && break
  sleep 0.5
done
strip_cpu() { sed -E 's/ [0-9.]+ \|$/ |/; s/, [0-9.]+ s of CPU.*$//' "$1"; }
cat "$tmp/bracket-array/bracket.md"
if ! cmp <(strip_cpu "$tmp/bracket-one.md") <(strip_cpu "$tmp/bracket-array/bracket.md"); then
  echo "FAIL: the bracket's array differs from one process"
  exit 1
fi
echo "OK: the bracket as a Slurm array == one process"
