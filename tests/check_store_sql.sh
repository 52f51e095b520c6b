#!/usr/bin/env bash
# SQL lives in the store layer (docs/architecture.md, "The store layer"): schema/ (the
# Store, packs, the game server's rooms in schema/rooms.h) and replay/replay_store.cpp
# (the replay tables). Every other source file calls named, typed store functions: it
# names no SQLite:: type, includes no SQLite header and no schema/connection.h (the store
# layer's door to the connection), and calls no database() (Store::database() is retired).
# Tests may look at rows (they include schema/connection.h) and are not checked.
# Prints every offending line and exits 1.
set -u
root="${1:-$(dirname "$0")/..}"
cd "$root" || exit 2
bad=0
while IFS= read -r line; do
  file="${line%%:*}"
  case "$file" in
    schema/*|replay/replay_store.cpp|replay/replay_store.h) continue ;;
  esac
  echo "outside the store layer: $line"
  bad=1
done < <(grep -rnE --include='*.h' --include='*.cpp' --include='*.hpp' \
           'SQLite::|#include *<(SQLiteCpp/|sqlite3)|#include *"schema/connection\.h"|database\(\)' \
           engine schema replay present study analysis web net cli editor bench fuzz 2>/dev/null)
[ "$bad" = 0 ] && echo "SQL outside the store layer: none"
exit "$bad"
