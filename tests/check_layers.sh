#!/usr/bin/env bash
# The allowed include edges between the project's folders (docs: docs/layout.md, docs/architecture.md):
#   engine <- schema <- replay <- present <- cli, editor;  bench -> engine, schema, replay;
#   net -> web (the server hands out the browser client and the review pages).
# A folder may include only the folders listed for it; the engine includes no SQLite,
# wxWidgets, Boost, JSON or OpenSSL library. Prints every edge that breaks the rule and exits 1.
set -u
root="${1:-$(dirname "$0")/..}"
cd "$root" || exit 2
declare -A allowed=(
  [engine]="engine"
  [schema]="engine schema"
  [replay]="engine schema replay"
  [present]="engine present"
  [study]="engine schema replay present study"
  [analysis]="engine schema replay present analysis"
  [web]="engine schema replay present analysis web"
  [net]="engine schema replay present analysis web net"
  [cli]="engine schema replay present study analysis web net cli"
  [editor]="engine schema replay present study analysis web net editor"
  [bench]="engine schema replay bench"
)
bad=0
for dir in "${!allowed[@]}"; do
  [ -d "$dir" ] || continue
  while IFS= read -r line; do
    file="${line%%:*}"
    target=$(sed -n 's/.*#include *"\([a-z_]*\)\/.*/\1/p' <<<"$line")
    [ -n "$target" ] || continue
    [ -d "$target" ] || continue  # a path relative to the folder itself (editor's own "doc/...")
    case " ${allowed[$dir]} " in
      *" $target "*) ;;
      *) echo "layer violation: $file includes $target/ (allowed for $dir/: ${allowed[$dir]})"; bad=1 ;;
    esac
  done < <(grep -rn --include='*.h' --include='*.cpp' '#include *"' "$dir")
done
if grep -rn --include='*.h' --include='*.cpp' -E '#include *<(SQLiteCpp/|sqlite3|wx/|boost/|nlohmann/|openssl/)' engine; then
  echo "layer violation: the engine includes a storage, GUI, Boost, JSON or TLS library (above)"
  bad=1
fi
[ "$bad" = 0 ] && echo "include edges: ok"
exit "$bad"
