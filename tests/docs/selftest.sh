#!/usr/bin/env bash
# The example runner itself: a document with examples that pass, fail, must not run and
# must fail; the runner must fail, name exactly the lines that failed, and nothing else.
#   selftest.sh RUNNER TILEWRIGHT DEFAULT_DB
set -u
runner=$1 bin=$2 db=$3
dir=$(mktemp -d "${TMPDIR:-/tmp}/tw-doc-selftest.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/docs"
cat > "$dir/docs/sample.md" <<'DOC'
# Sample

```sh
tilewright --help
test -f build/default.db && test -x build/cli/tilewright
name=kept   # an assignment is seen by the next commands
test "$name" = kept
tilewright replay list --db build/default.db
false
```

```sh norun
touch ran-norun
```

```sql
SELECT 1;
```

- in a list:

  ```sh
  tilewright run no-such-file.tgn --db build/default.db    # a missing file (exit 2)
  tilewright run no-such-file.tgn \
      --db build/default.db    # continued, and the exit it claims is wrong (exit 1)
  test ! -e ran-norun
  ```

```sh
tilewright bogus-command
```
DOC
out=$(bash "$runner" "$dir" "$bin" "$db" docs/sample.md 2>&1)
status=$?
fail=0
check() { if ! grep -qF -- "$1" <<<"$out"; then echo "missing from the output: $1"; fail=1; fi; }
absent() { if grep -qF -- "$1" <<<"$out"; then echo "in the output but should not be: $1"; fail=1; fi; }
[ "$status" -eq 1 ] || { echo "the runner exited $status, not 1"; fail=1; }
check "docs/sample.md:9: FAILED, exit 1: false"
check "docs/sample.md:24: FAILED, exit 2 where the example says (exit 1): tilewright run no-such-file.tgn \\"
check "docs/sample.md:30: FAILED, exit 2: tilewright bogus-command"
check "unknown command 'bogus-command'"
check "docs/sample.md: 10 commands, 3 failed"
absent "sample.md:4: FAILED"
absent "sample.md:7: FAILED"
absent "sample.md:23: FAILED"
absent "sample.md:26: FAILED"
absent "touch ran-norun"
absent "SELECT"
if [ "$fail" -ne 0 ]; then
  echo "--- the runner's output ---"
  echo "$out"
  exit 1
fi
echo "ok"
