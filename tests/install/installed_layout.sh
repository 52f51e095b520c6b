#!/usr/bin/env bash
# The installed layout: `cmake --install` into a temporary prefix, the prefix moved
# elsewhere (the binaries find default.db relative to themselves, so a moved prefix must
# work), then the installed binaries run with a clean environment and an empty HOME:
# tilewright validate (which creates ~/.local/share/tilewright/tilewright.db from the
# installed default.db), a short bot game played, replayed and verified; the completions,
# the manual page, and with the editor: tilewright-editor --check opening its database
# (under xvfb-run when there is no display), the desktop entry (desktop-file-validate when
# installed) and the icon.
#   tests/install/installed_layout.sh CMAKE BUILD_DIR EDITOR(0|1)
set -euo pipefail
cmake=$1
build=$(realpath "$2")
editor=$3

tmp=$(mktemp -d /tmp/tw-install.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$tmp/pfx" >"$tmp/install.log" ||
  { cat "$tmp/install.log" >&2; fail "cmake --install"; }
mkdir "$tmp/moved"
mv "$tmp/pfx" "$tmp/moved/pfx"
p=$tmp/moved/pfx

for f in bin/tilewright share/tilewright/default.db share/man/man1/tilewright.1 \
         share/bash-completion/completions/tilewright share/zsh/site-functions/_tilewright; do
  [[ -s $p/$f ]] || fail "$f is not installed"
done
cmp "$p/share/tilewright/default.db" "$build/default.db" || fail "installed default.db differs"
grep -q "^complete .*tilewright" "$p/share/bash-completion/completions/tilewright" ||
  fail "bash completion has no complete command"
grep -q '^\.TH' "$p/share/man/man1/tilewright.1" || fail "tilewright.1 is not a manual page"

# A clean environment: nothing from the build tree or the caller's databases.
run() {
  local home=$1
  shift
  # (the sanitizers' options pass, for the build under ASan + UBSan)
  env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 ${DISPLAY:+DISPLAY=$DISPLAY} \
    ${XAUTHORITY:+XAUTHORITY=$XAUTHORITY} ${ASAN_OPTIONS:+ASAN_OPTIONS=$ASAN_OPTIONS} \
    ${UBSAN_OPTIONS:+UBSAN_OPTIONS=$UBSAN_OPTIONS} ${LSAN_OPTIONS:+LSAN_OPTIONS=$LSAN_OPTIONS} "$@"
}
home=$tmp/home
mkdir "$home"
tw=$p/bin/tilewright
run "$home" "$tw" --version
run "$home" "$tw" validate || fail "installed tilewright validate"
[[ -s $home/.local/share/tilewright/tilewright.db ]] ||
  fail "validate did not create ~/.local/share/tilewright/tilewright.db"
run "$home" "$tw" play --players "bot:greedy,bot:random" --seed 7 --quiet --out "$tmp/game.tgn" ||
  fail "installed tilewright play"
run "$home" "$tw" run "$tmp/game.tgn" | tail -n 2
run "$home" "$tw" replay verify 1 || fail "the played game is not stored as replay 1"

if [[ $editor == 1 ]]; then
  [[ -x $p/bin/tilewright-editor ]] || fail "bin/tilewright-editor is not installed"
  desktop=$p/share/applications/tilewright-editor.desktop
  [[ -s $desktop ]] || fail "share/applications/tilewright-editor.desktop is not installed"
  grep -qx "Exec=tilewright-editor %f" "$desktop" || fail "the desktop entry does not run tilewright-editor"
  grep -qx "Icon=tilewright" "$desktop" || fail "the desktop entry's icon is not tilewright"
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" || fail "desktop-file-validate"
  else
    echo "desktop-file-validate not installed: the desktop entry is not validated"
  fi
  for f in scalable/apps/tilewright.svg 48x48/apps/tilewright.png 256x256/apps/tilewright.png; do
    [[ -s $p/share/icons/hicolor/$f ]] || fail "share/icons/hicolor/$f is not installed"
  done
  grep -q "<svg" "$p/share/icons/hicolor/scalable/apps/tilewright.svg" || fail "the SVG icon is not SVG"
  [[ $(head -c 8 "$p/share/icons/hicolor/48x48/apps/tilewright.png" | od -An -tx1 | tr -d ' \n') == \
     89504e470d0a1a0a ]] || fail "the 48x48 icon is not a PNG"

  # The editor in a home of its own: it must create the user database from the installed
  # default.db as the CLI did, and open it.
  ehome=$tmp/editor-home
  mkdir "$ehome"
  if [[ -n ${DISPLAY:-} ]]; then
    out=$(run "$ehome" "$p/bin/tilewright-editor" --check) || fail "tilewright-editor --check"
  else
    command -v xvfb-run >/dev/null || fail "no display and no xvfb-run to run the editor"
    out=$(run "$ehome" xvfb-run -a -n $((100 + $$ % 3000)) -s "-screen 0 1024x768x24 -nolisten tcp" \
      "$p/bin/tilewright-editor" --check) || fail "tilewright-editor --check"
  fi
  echo "$out"
  grep -q "^tilewright-editor: opened $ehome/.local/share/tilewright/tilewright.db (" <<<"$out" ||
    fail "the editor did not open the database created from the installed default.db"
  # ... and --check says so when the database cannot be opened.
  echo "not a database" >"$tmp/bad.db"
  status=0
  if [[ -n ${DISPLAY:-} ]]; then
    run "$ehome" "$p/bin/tilewright-editor" --check "$tmp/bad.db" || status=$?
  else
    run "$ehome" xvfb-run -a -n $((200 + $$ % 3000)) -s "-screen 0 1024x768x24 -nolisten tcp" \
      "$p/bin/tilewright-editor" --check "$tmp/bad.db" || status=$?
  fi
  [[ $status == 3 ]] || fail "tilewright-editor --check on a bad database: exit $status, not 3"
fi

# The database found is the installed one: without it, a new user's first command fails.
rm "$p/share/tilewright/default.db"
mkdir "$tmp/home-without"
status=0
run "$tmp/home-without" "$tw" validate 2>"$tmp/err" || status=$?
[[ $status == 3 ]] || fail "validate without the installed default.db: exit $status, not 3"
grep -q "no bundled default.db" "$tmp/err" || fail "validate without default.db: $(cat "$tmp/err")"
echo "ok: installed layout in $p"
