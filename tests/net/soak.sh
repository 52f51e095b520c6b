#!/usr/bin/env bash
# The soak test of issue 55 (docs/protocol.md, "Under attack"): `tilewright serve` on
# loopback while tw_net_load's attacker (from 127.0.0.1) runs every attack at once (room
# floods, silent and half-sent connections, connections that never say hello, oversized,
# malformed and invalid frames, ping-frame and message floods) and CLIENTS honest clients
# (from 127.0.0.2) each play ROUNDS complete games against a server bot. It passes when
# every game ends with no error and no decision lost or doubled, the move-to-ack p99 is
# under P99_MS, the server's resident memory stays under RSS_MIB at its peak and is under
# RSS_AFTER_MIB some seconds after the attack (0: not checked: the sanitizers' own memory
# dwarfs the server's), its log stays short (the refusals' lines are rate-limited), and
# it stops cleanly. The figures are printed. Every wait is bounded; the server started
# here is stopped by its process id.
#   soak.sh TILEWRIGHT TW_NET_LOAD DB CLIENTS ROUNDS P99_MS RSS_MIB RSS_AFTER_MIB
set -u
tw="$1"
load="$2"
db_src="$3"
clients="$4"
rounds="$5"
p99="$6"
rss="$7"
rss_after="$8"
dir=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; [ -f "$dir/serve.log" ] && { echo "== the server's log (last 30 lines)"; tail -30 "$dir/serve.log"; }; exit 1; }
cp "$db_src" "$dir/server.db"

# Short lifetimes so that the flood's rooms and connections go within the test; the games'
# address may hold as many connections and rooms as there are clients (and the attacker's,
# the same: it meets the limits with the rest of its attacks).
per_address=$((clients + 16))
"$tw" serve --db "$dir/server.db" --listen 127.0.0.1:0 --metrics \
  --connections-per-address "$per_address" --rooms-per-address "$per_address" \
  --open-room-ttl 3 --keep-finished 3 --hello-timeout 2 --handshake-timeout 2 >"$dir/serve.log" 2>&1 &
server=$!
port=""
for _ in $(seq 200); do
  port=$(sed -n 's|^listening on ws://127.0.0.1:\([0-9]*\)/.*|\1|p' "$dir/serve.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the server did not start"

args=("ws://127.0.0.1:$port/" "$clients" base "$server" --from 127.0.0.2 --attack --rounds "$rounds" --settle 8
      --p99-max "$p99")
[ "$rss" != 0 ] && args+=(--rss-max-mib "$rss")
[ "$rss_after" != 0 ] && args+=(--rss-after-max-mib "$rss_after")
echo "tw_net_load ${args[*]}"
timeout 240 "$load" "${args[@]}" >"$dir/load.out" 2>&1
status=$?
cat "$dir/load.out"
[ "$status" = 0 ] || fail "tw_net_load: exit status $status"

kill -TERM "$server"
for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
kill -0 "$server" 2>/dev/null && fail "the server did not stop on SIGTERM"
wait "$server"
code=$?
server=""
[ "$code" = 0 ] || fail "the server ended with status $code"
grep -q "ERROR: AddressSanitizer\|runtime error:" "$dir/serve.log" && fail "the sanitizers reported"
lines=$(wc -l <"$dir/serve.log")
echo "server log: $lines lines ($(grep -c 'suppressed' "$dir/serve.log") of them counts of lines left out)"
# Without the rate limit the attack writes a line per refusal: over 100,000.
[ "$lines" -lt 3000 ] || fail "the server's log has $lines lines: the refusals' lines are not rate-limited"
echo "OK"
