#!/usr/bin/env bash
# Submits the meter's bracket (scripts/bracket.sh) to Slurm: one array task per row
# (7 levels x 1-4 players: 28 tasks, or 4 per level of LEVELS) and the table as a job
# that runs when every row has succeeded. Prints the two job ids ("ARRAYJOB TABLEJOB").
#   scripts/slurm/submit-bracket.sh -o OUTDIR [-g GAMES] [-n NODES] [-s SEED] [-t TILEWRIGHT] [-d DB]
# OUTDIR, the binary and the database must be reachable from every node. Results:
# OUTDIR/row-LEVEL-P.json (each row's study), OUTDIR/bracket.md (the table), Slurm's
# logs OUTDIR/slurm-*.out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scripts=$(cd "$here/.." && pwd)
out=""
args=("$@")
while getopts "o:g:n:s:t:d:" opt; do
  case $opt in
    o) out=$OPTARG ;;
    g | n | s | t | d) ;;
    *) echo "usage: $0 -o OUTDIR [-g GAMES] [-n NODES] [-s SEED] [-t TILEWRIGHT] [-d DB]" >&2; exit 2 ;;
  esac
done
[[ -n $out ]] || { echo "$0: -o OUTDIR is required" >&2; exit 2; }
mkdir -p "$out"
read -r -a levels <<< "${LEVELS:-mists-1 mists-2 mists-3 mists-4 mists-5 mists-6 mists-6-uk}"
rows=$((${#levels[@]} * 4))
array=$(sbatch --parsable --array=0-$((rows - 1)) --output="$out/slurm-%A_%a.out" \
          --export=ALL,LEVELS="${levels[*]}" "$here/bracket.sbatch" "$scripts" "${args[@]}")
array=${array%%;*}
table=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
          --output="$out/bracket.md" --export=ALL,LEVELS="${levels[*]}" \
          --wrap="'$scripts/bracket.sh' table ${args[*]@Q}")
table=${table%%;*}
echo "$array $table"
