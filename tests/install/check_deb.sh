#!/usr/bin/env bash
# The Debian package: cpack -G DEB in BUILD_DIR, then its control fields (dependencies
# from dpkg-shlibdeps), its file list (the Debian places: /usr/bin, /usr/share/tilewright,
# the desktop entry and icons, vendor-completions, a gzip'd manual page), and the unpacked
# tree run as an installed prefix (it is relocatable): tilewright validate and a bot game
# with an empty HOME. CI runs it (.ci/run); it does not install the package.
#   tests/install/check_deb.sh BUILD_DIR
set -euo pipefail
build=$(realpath "$1")
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -f "$build"/tilewright_*.deb
(cd "$build" && cpack -G DEB >/dev/null) || fail "cpack -G DEB"
debs=("$build"/tilewright_*.deb)
[[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || fail "cpack made no tilewright_*.deb"
deb=${debs[0]}
echo "$deb: $(du -h "$deb" | cut -f1)"
dpkg-deb -I "$deb"

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libstdc++6 libsqlite3-0; do
  grep -q "\b$lib\b" <<<"$depends" || fail "Depends has no $lib: $depends"
done
files=$(dpkg-deb -c "$deb" | awk '{print $6}')
editor=0
if grep -qx './usr/bin/tilewright-editor' <<<"$files"; then
  editor=1
  grep -q "libwxgtk3.2" <<<"$depends" || fail "the editor is packaged but Depends has no libwxgtk3.2: $depends"
fi
want=(./usr/bin/tilewright ./usr/share/tilewright/default.db
      ./usr/share/man/man1/tilewright.1.gz ./usr/share/bash-completion/completions/tilewright
      ./usr/share/zsh/vendor-completions/_tilewright)
if ((editor)); then
  want+=(./usr/share/applications/tilewright-editor.desktop
         ./usr/share/icons/hicolor/scalable/apps/tilewright.svg
         ./usr/share/icons/hicolor/48x48/apps/tilewright.png)
fi
for f in "${want[@]}"; do
  grep -qx -- "$f" <<<"$files" || fail "the package has no $f"
done
! grep -q "site-functions" <<<"$files" || fail "the package still has share/zsh/site-functions"

tmp=$(mktemp -d /tmp/tw-deb.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp/root"
mkdir "$tmp/home"
tw=$tmp/root/usr/bin/tilewright
env -i PATH=/usr/bin:/bin HOME="$tmp/home" "$tw" validate || fail "the packaged tilewright validate"
env -i PATH=/usr/bin:/bin HOME="$tmp/home" "$tw" play --players "bot:greedy,bot:random" --seed 7 \
  --quiet --out "$tmp/game.tgn" || fail "the packaged tilewright play"
env -i PATH=/usr/bin:/bin HOME="$tmp/home" "$tw" replay verify 1 || fail "the packaged replay verify"
echo "ok: $deb"
