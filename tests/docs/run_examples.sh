#!/usr/bin/env bash
# Runs the shell examples of Markdown documents, as a reader would type them, and fails
# naming the document and line of every example that does not run.
#
#   run_examples.sh SRC_DIR TILEWRIGHT DEFAULT_DB FILE.md...
#
# FILEs are paths relative to SRC_DIR (README.md, docs/cli.md); messages name them so.
# The convention (docs/README.md, "Examples that run"):
#   - every fenced block opened with ```sh is run; ```sh norun (or any other info string,
#     ```text, ```sql, a bare ```) is not;
#   - one command per line; a line ending in "\" continues on the next; blank lines and
#     lines that are only a comment are skipped;
#   - a command is expected to exit 0, unless its line (the last line of a continued
#     command) ends with a comment ending in "(exit N)": then it must exit N;
#   - the commands of one file run in order in one shell (variables and files made by
#     one example are there for the next), in a fresh temporary directory that holds
#     build/cli/tilewright (the built binary) and build/default.db (a fresh copy of the
#     built default.db); `tilewright` is on PATH; HOME and XDG_STATE_HOME point into the
#     directory (XDG_DATA_HOME and TILEWRIGHT_DB are unset), so a command without --db
#     creates and uses its own copy of default.db there, as on a fresh machine; standard
#     input is /dev/null.
# Exit 0 when every command of every file ran as expected, 1 otherwise, 2 on bad usage.
set -u -o pipefail

if [ $# -lt 4 ]; then
  echo "usage: $0 SRC_DIR TILEWRIGHT DEFAULT_DB FILE.md..." >&2
  exit 2
fi
src=$(cd "$1" && pwd) || exit 2
bin=$(readlink -f "$2") || exit 2
db=$(readlink -f "$3") || exit 2
shift 3
[ -x "$bin" ] || { echo "$bin: not an executable" >&2; exit 2; }
[ -f "$db" ] || { echo "$db: no such database" >&2; exit 2; }

# extract FILE: writes a bash script that runs each command of FILE's ```sh blocks
# through __tw_run FILE LINE EXPECTED, the command on the here-document.
extract() {
  awk -v file="$1" '
    function flush() {
      if (cmd == "") return
      expected = 0
      last = cmd; sub(/.*\n/, "", last)
      if (match(last, /\(exit [0-9]+\)[ \t]*$/)) {
        expected = substr(last, RSTART + 6, RLENGTH - 6); sub(/\).*/, "", expected)
      }
      n++
      printf "__tw_run %s %d %d <<'\''__TW_EXAMPLE_%d'\''\n%s\n__TW_EXAMPLE_%d\n", \
             file, start, expected, n, cmd, n
      cmd = ""
    }
    BEGIN { in_block = 0; run = 0; cmd = ""; n = 0 }
    {
      line = $0; sub(/\r$/, "", line)
      if (!in_block) {
        if (match(line, /^[ \t]*```/)) {
          indent = RLENGTH - 3
          info = substr(line, RLENGTH + 1)
          gsub(/^[ \t]+|[ \t]+$/, "", info)
          split(info, words, /[ \t]+/)
          in_block = 1
          run = (words[1] == "sh" && info !~ /(^|[ \t])norun([ \t]|$)/)
          block_line = NR
        }
        next
      }
      if (line ~ /^[ \t]*```[ \t]*$/) {
        if (cmd != "") {
          printf "__tw_unfinished %s %d\n", file, start
          cmd = ""
        }
        in_block = 0; run = 0; next
      }
      if (!run) next
      # The block'\''s indentation (a block inside a list item) is not part of the command.
      for (i = 0; i < indent && substr(line, 1, 1) ~ /[ \t]/; i++) line = substr(line, 2)
      if (cmd == "") {
        if (line ~ /^[ \t]*$/ || line ~ /^[ \t]*#/) next
        start = NR; cmd = line
      } else {
        cmd = cmd "\n" line
      }
      if (line !~ /\\$/) flush()
    }
    END {
      if (in_block) printf "__tw_unclosed %s %d\n", file, block_line
    }
  ' "$src/$1"
}

__tw_failures=0
__tw_fail() {  # FILE LINE MESSAGE [OUTPUT-FILE]
  __tw_failures=$((__tw_failures + 1))
  echo "$1:$2: $3"
  printf '%s:%s: %s\n' "$1" "$2" "$(printf '%s' "$3" | head -n 1)" >> "$summary"
  if [ -n "${4:-}" ] && [ -s "$4" ]; then
    echo "    --- last lines of its output (stdout and stderr) ---"
    tail -n 15 "$4" | sed 's/^/    | /'
  fi
}
__tw_unfinished() { __tw_fail "$1" "$2" "the command ends in '\\' but its block ends there"; }
__tw_unclosed() { __tw_fail "$1" "$2" "a code block opened here is never closed"; }

overall=0
summary=$(mktemp "${TMPDIR:-/tmp}/tw-doc-summary.XXXXXX") || exit 2
trap 'rm -f "$summary"' EXIT
for file in "$@"; do
  if [ ! -f "$src/$file" ]; then
    echo "$file: no such file under $src"
    overall=1
    continue
  fi
  work=$(mktemp -d "${TMPDIR:-/tmp}/tw-doc-examples.XXXXXX") || exit 2
  mkdir -p "$work/run/build/cli" "$work/bin" "$work/home" "$work/state"
  ln -s "$bin" "$work/run/build/cli/tilewright"
  ln -s "$bin" "$work/bin/tilewright"
  cp "$db" "$work/run/build/default.db"
  extract "$file" > "$work/examples.sh"
  count=$(grep -c '^__tw_run ' "$work/examples.sh")
  __tw_failures=0
  __tw_start=$SECONDS
  (
    __tw_doc=$file __tw_count=$count __tw_out="$work/output"
    cd "$work/run" || exit 2
    export HOME="$work/home" XDG_STATE_HOME="$work/state"
    export PATH="$work/bin:$PATH" NO_COLOR=1 TERM=dumb
    unset TILEWRIGHT_DB TILEWRIGHT_DEFAULT_DB XDG_DATA_HOME DISPLAY
    # The examples run in this shell, so every name here starts with __tw_.
    __tw_run() {  # FILE LINE EXPECTED, the command on standard input
      local __tw_file=$1 __tw_line=$2 __tw_expected=$3 __tw_cmd __tw_status __tw_t0
      __tw_cmd=$(cat)
      __tw_t0=$SECONDS
      echo "$__tw_file:$__tw_line: \$ $__tw_cmd"
      # In this shell (set -a: an assignment is seen by the commands after it), stdin closed.
      set -a
      eval "$__tw_cmd" </dev/null >"$__tw_out" 2>&1
      __tw_status=$?
      set +a
      if [ "$__tw_status" -ne "$__tw_expected" ]; then
        if [ "$__tw_expected" -eq 0 ]; then
          __tw_fail "$__tw_file" "$__tw_line" "FAILED, exit $__tw_status: $__tw_cmd" "$__tw_out"
        else
          __tw_fail "$__tw_file" "$__tw_line" \
            "FAILED, exit $__tw_status where the example says (exit $__tw_expected): $__tw_cmd" "$__tw_out"
        fi
      fi
      if [ $((SECONDS - __tw_t0)) -ge 20 ]; then
        echo "$__tw_file:$__tw_line: note: took $((SECONDS - __tw_t0)) s; keep examples small (fewer --games)"
      fi
    }
    # shellcheck disable=SC1090
    . "$work/examples.sh"
    echo "$__tw_doc: $__tw_count commands, $__tw_failures failed, $((SECONDS - __tw_start)) s"
    [ "$__tw_failures" -eq 0 ]
  )
  status=$?
  [ "$status" -eq 0 ] || overall=1
  if [ "$status" -eq 0 ]; then rm -rf "$work"; else echo "$file: the files it left are in $work"; fi
done
if [ -s "$summary" ]; then
  echo
  echo "Examples that failed (the convention: docs/README.md):"
  cat "$summary"
fi
exit "$overall"
