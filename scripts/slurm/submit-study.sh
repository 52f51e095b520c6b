#!/usr/bin/env bash
# Submits a balance study to Slurm as a job array of N shards and a merge that runs when
# every shard has succeeded. Prints the two job ids ("ARRAYJOB MERGEJOB").
#   scripts/slurm/submit-study.sh -n N -o OUTDIR [-t TILEWRIGHT] \
#       -- simulate arguments...
# (simulate arguments; `-- compare A B ...` shards a comparison, `-- sweep SOURCE --param ...` a sweep)
# e.g. scripts/slurm/submit-study.sh -n 4 -o /shared/study-1 -t ./build/cli/tilewright \
#        -- --db build/default.db --level mists-3 --games 2000 --seed 1
# OUTDIR must be reachable from every node (a shared file system). Results: OUTDIR/part-I.json,
# OUTDIR/study.json (the merged study, as `simulate --json` of the whole run would write
# it), OUTDIR/study.csv, and Slurm's logs OUTDIR/slurm-*.out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n="" out="" tw=tilewright
while getopts "n:o:t:" opt; do
  case $opt in
    n) n=$OPTARG ;;
    o) out=$OPTARG ;;
    t) tw=$OPTARG ;;
    *) echo "usage: $0 -n N -o OUTDIR [-t TILEWRIGHT] -- simulate arguments..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ ${1:-} == "--" ]] && shift
if [[ -z $n || -z $out || ! $n =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 -n N -o OUTDIR [-t TILEWRIGHT] -- simulate arguments..." >&2
  exit 2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ $tw == */* ]]; then tw=$(cd "$(dirname "$tw")" && pwd)/$(basename "$tw"); fi
array=$(sbatch --parsable --array=0-$((n - 1)) --output="$out/slurm-%A_%a.out" \
          "$here/study.sbatch" "$out" "$n" "$tw" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
          --output="$out/slurm-%j-merge.out" "$here/merge.sbatch" "$out" "$n" "$tw")
merge=${merge%%;*}
echo "$array $merge"
