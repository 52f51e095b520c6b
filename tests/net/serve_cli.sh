#!/usr/bin/env bash
# `tilewright serve` and `tilewright play --connect` as users run them, on loopback:
#  1. two command-line clients and a bot on the server play a complete game of base;
#  2. the server is killed with SIGKILL mid-game and started again on the same database:
#     the game resumes where it stood, the player comes back with its token and finishes.
# Every wait is bounded; the servers started here are stopped by their process ids.
set -u
tw="$1"
db_src="$2"
dir=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$dir"/*.out "$dir"/*.err "$dir"/*.log; do [ -f "$f" ] && { echo "== $f"; tail -20 "$f"; }; done; exit 1; }
cp "$db_src" "$dir/server.db"

start_server() {
  "$tw" serve --db "$dir/server.db" --listen 127.0.0.1:0 >"$dir/serve$1.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    port=$(sed -n 's|^listening on ws://127.0.0.1:\([0-9]*\)/.*|\1|p' "$dir/serve$1.log")
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  fail "the server did not start"
}
# N lines of "1": the first listed option at every decision.
ones() { yes 1 | head -n "$1"; }

# 1. A complete game: Ann creates the room, Ben joins it, a greedy bot plays on the server.
start_server 1
url="ws://127.0.0.1:$port/"
ones 400 | timeout 120 "$tw" play --connect "$url" --create --players "Ann, Ben, bot:greedy" --timeout 60 -q \
  >"$dir/ann.out" 2>"$dir/ann.err" &
ann=$!
for _ in $(seq 100); do
  room=$(sed -n 's/^Room \([A-Z0-9]*\):.*/\1/p' "$dir/ann.out")
  [ -n "$room" ] && break
  sleep 0.1
done
[ -n "$room" ] || fail "no room code from the host"
ones 400 | timeout 120 "$tw" play --connect "$url" --room "$room" --timeout 60 -q >"$dir/ben.out" 2>"$dir/ben.err" \
  || fail "Ben's client failed"
wait "$ann" || fail "Ann's client failed"
grep -q "^Game over: Ann .*bot:greedy .*(replay [0-9]* on the server)" "$dir/ann.out" || fail "Ann saw no end"
grep -q "^Game over: Ann " "$dir/ben.out" || fail "Ben saw no end"
echo "ok: a complete game between two command-line clients and a server bot ($(grep '^Game over' "$dir/ben.out"))"

# 2. SIGKILL mid-game. Ann plays slowly (a decision every 0.05 s); the server dies; Ann's
# client loses it; a new server on the same file resumes the game; Ann comes back.
(for _ in $(seq 30); do echo 1; sleep 0.05; done; sleep 30) \
  | timeout 60 "$tw" play --connect "$url" --create --players "Ann, bot:greedy" --timeout 20 -q \
  >"$dir/kill.out" 2>"$dir/kill.err" &
client=$!
for _ in $(seq 200); do
  plies=$(sqlite3 "$dir/server.db" "SELECT count(*) FROM net_move m JOIN net_room r ON r.code = m.room WHERE r.state = 'playing'" 2>/dev/null || echo 0)
  [ "${plies:-0}" -ge 20 ] && break
  sleep 0.1
done
[ "${plies:-0}" -ge 20 ] || fail "the game did not get going"
kill -9 "$server"
wait "$server" 2>/dev/null
server=""
wait "$client"
token=$(sed -n 's/.*--token \([0-9a-f]*\)$/\1/p' "$dir/kill.out" | head -1)
room=$(sed -n 's/^Room \([A-Z0-9]*\):.*/\1/p' "$dir/kill.out")
[ -n "$token" ] && [ -n "$room" ] || fail "no token or room from the killed game"
before=$(sqlite3 "$dir/server.db" "SELECT count(*) FROM net_move WHERE room = '$room'")
start_server 2
grep -q "1 rooms resumed" "$dir/serve2.log" || fail "the restarted server resumed no room"
url="ws://127.0.0.1:$port/"
ones 400 | timeout 120 "$tw" play --connect "$url" --room "$room" --token "$token" --timeout 60 -q \
  >"$dir/back.out" 2>"$dir/back.err" || fail "Ann could not come back"
grep -q "^Game over: Ann " "$dir/back.out" || fail "the resumed game did not end"
after=$(sqlite3 "$dir/server.db" "SELECT count(*) FROM net_move WHERE room = '$room'")
dups=$(sqlite3 "$dir/server.db" "SELECT count(*) - count(DISTINCT ply) FROM net_move WHERE room = '$room'")
[ "$after" -gt "$before" ] && [ "$dups" = 0 ] || fail "decisions: $before before the kill, $after at the end, $dups twice"
# The game as stored equals the decisions played again by the engine: the replay verifies.
replay=$(sqlite3 "$dir/server.db" "SELECT replay_id FROM net_room WHERE code = '$room'")
"$tw" replay verify "$replay" --db "$dir/server.db" >"$dir/verify.out" 2>&1 || fail "the replay does not verify"
echo "ok: killed after $before decisions, resumed, finished after $after (replay $replay verifies)"
kill -TERM "$server"
wait "$server"
server=""
