#!/usr/bin/env bash
# The example runner itself: a document with examples that pass, fail, must not run and
# must fail; the runner must fail, name exactly the lines that failed, and nothing else.
# Then the link checker: a broken file link and a broken anchor are named, good ones not.
#   selftest.sh RUNNER TILEWRIGHT DEFAULT_DB LINK_CHECKER
set -u
runner=$1 bin=$2 db=$3 links=$4
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
check "    --- last lines of its output (stdout and stderr) ---"
check "docs/sample.md: 10 commands, 3 failed"
absent "sample.md:4: FAILED"
absent "sample.md:7: FAILED"
absent "sample.md:23: FAILED"
absent "sample.md:26: FAILED"
absent "touch ran-norun"
absent "SELECT"

mkdir -p "$dir/links/docs"
printf '# Front page\n\n[a](docs/a.md) [b](docs/b.md#the-heading-with-code-and-more)\n' > "$dir/links/README.md"
printf '# Page a\n\n[x](nope.md) and [y](b.md#missing)\n`[not a link](gone.md)`\n[z](#page-a) [w](../README.md#front-page)\n' \
  > "$dir/links/docs/a.md"
printf '# The heading, with `code` and more!\n\n```sh\n[in code](gone.md)\n```\n' > "$dir/links/docs/b.md"
lout=$(bash "$links" "$dir/links" 2>&1)
lstatus=$?
[ "$lstatus" -eq 1 ] || { echo "the link checker exited $lstatus, not 1"; fail=1; }
for want in "docs/a.md:3: broken link (nope.md)" "docs/a.md:3: broken link (b.md#missing)" "2 broken links"; do
  grep -qF -- "$want" <<<"$lout" || { echo "missing from the link checker's output: $want"; fail=1; }
done
if grep -q "gone.md\|README.md:" <<<"$lout"; then echo "the link checker named a good link"; fail=1; fi
if [ "$fail" -ne 0 ]; then
  echo "--- the link checker's output ---"
  echo "$lout"
  echo "--- the runner's output ---"
  echo "$out"
  exit 1
fi
echo "ok"
