#!/usr/bin/env bash
# The difficulty meter's bracket (docs/solver.md): for every co-op level and 1-4 players,
# `tilewright simulate --solve` on the same deals, then one table of the three parts
# (the bots' wins <= winnable <= 1 - proved impossible, the unresolved share between).
#   scripts/bracket.sh -o OUTDIR [-g GAMES] [-n NODES] [-s SEED] [-j JOBS] [-t TILEWRIGHT] [-d DB]
#       runs every row (JOBS at a time, one thread each) and prints the table
#   scripts/bracket.sh row I -o OUTDIR ...   runs row I only (0-based; a Slurm array task)
#   scripts/bracket.sh table -o OUTDIR       prints the table of the rows in OUTDIR
# Rows: LEVELS (default mists-1..6 and mists-6-uk) x players 1..4, row I = level I/4,
# players I%4+1. Each row writes OUTDIR/row-LEVEL-P.json (and .time: CPU seconds).
# The table is Markdown (python3 reads the JSON).
set -euo pipefail
mode=all row=""
if [[ ${1:-} == row ]]; then mode=row row=$2; shift 2; elif [[ ${1:-} == table ]]; then mode=table; shift; fi
out="" games=100 nodes=200000 seed=1 jobs=2 tw=tilewright db=()
while getopts "o:g:n:s:j:t:d:" opt; do
  case $opt in
    o) out=$OPTARG ;;
    g) games=$OPTARG ;;
    n) nodes=$OPTARG ;;
    s) seed=$OPTARG ;;
    j) jobs=$OPTARG ;;
    t) tw=$OPTARG ;;
    d) db=(--db "$OPTARG") ;;
    *) echo "usage: $0 [row I | table] -o OUTDIR [-g GAMES] [-n NODES] [-s SEED] [-j JOBS] [-t TILEWRIGHT] [-d DB]" >&2; exit 2 ;;
  esac
done
[[ -n $out ]] || { echo "$0: -o OUTDIR is required" >&2; exit 2; }
read -r -a levels <<< "${LEVELS:-mists-1 mists-2 mists-3 mists-4 mists-5 mists-6 mists-6-uk}"
rows=$((${#levels[@]} * 4))
mkdir -p "$out"

run_row() {
  local i=$1 level=${levels[$(($1 / 4))]} players=$(($1 % 4 + 1))
  local f="$out/row-$level-$players"
  /usr/bin/time -f "%U %S" -o "$f.time" "$tw" simulate "${db[@]}" --level "$level" --players "$players" \
      --games "$games" --seed "$seed" --threads 1 --solve --solve-nodes "$nodes" --json="$f.json" > "$f.txt"
}

table() {
  python3 - "$out" <<'PY'
import json, glob, os, sys
out = sys.argv[1]
rows = []
for f in glob.glob(os.path.join(out, "row-*.json")):
    j = json.load(open(f))
    s = j["summary"][0]
    v = s["solver"]
    t = open(f[:-5] + ".time").read().split() if os.path.exists(f[:-5] + ".time") else ["0", "0"]
    players = len(j["games"][0]["bots"]) if j["games"] else 0
    rows.append((s["variant"], players, s["games"], s["wins"], v["solver_wins"], v["winnable"], v["unwinnable"],
                 v["proved"], v["unresolved"], v["mean_nodes"], float(t[0]) + float(t[1])))
rows.sort()
print("| level | players | deals | bots win | solver wins | winnable | proved impossible (by a bound) | unresolved | resolved | mean nodes | CPU s |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
cpu = 0
for (lv, p, n, bw, sw, wn, un, pr, ur, mn, c) in rows:
    cpu += c
    print(f"| {lv} | {p} | {n} | {bw} | {sw} | {wn} | {un} ({pr}) | {ur} | {100.0 * (n - ur) / max(n, 1):.0f}% | {mn:.0f} | {c:.1f} |")
print(f"\n{len(rows)} rows, {cpu:.1f} s of CPU (user + system)")
PY
}

case $mode in
  row) run_row "$row" ;;
  table) table ;;
  all)
    export -f run_row
    for ((i = 0; i < rows; i++)); do echo "$i"; done |
      xargs -P "$jobs" -I{} bash -c "$(declare -p levels out games nodes seed tw db); $(declare -f run_row); run_row {}"
    table ;;
esac
