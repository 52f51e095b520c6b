#!/usr/bin/env bash
# `tilewright serve --cert --key` and `tilewright play --connect wss://` as users run them,
# on loopback, with a throwaway self-signed certificate made here by the openssl command
# (nothing committed): a complete game over wss:// with --ca, and the refusals (no --ca,
# ws:// at the TLS server, a missing key file). Every wait is bounded; the server started
# here is stopped by its process id.
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
command -v openssl >/dev/null || { echo "SKIP: no openssl command"; exit 0; }
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -keyout "$dir/key.pem" -out "$dir/cert.pem" \
  >"$dir/openssl.log" 2>&1 || fail "openssl could not make a certificate"

# A missing key file is named, and the server does not start.
"$tw" serve --db "$dir/server.db" --listen 127.0.0.1:0 --cert "$dir/cert.pem" --key "$dir/nokey.pem" \
  >"$dir/nokey.out" 2>"$dir/nokey.err" && fail "serve started without its key"
grep -q -- "--key $dir/nokey.pem: cannot read the file" "$dir/nokey.err" || fail "the missing key is not named"

"$tw" serve --db "$dir/server.db" --listen 127.0.0.1:0 --cert "$dir/cert.pem" --key "$dir/key.pem" \
  >"$dir/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  port=$(sed -n 's|^listening on wss://127.0.0.1:\([0-9]*\)/.*|\1|p' "$dir/serve.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the server did not start (or not on wss://)"

yes 1 | head -n 400 | timeout 120 "$tw" play --connect "wss://127.0.0.1:$port/" --ca "$dir/cert.pem" --create \
  --players "Ann, bot:greedy" --timeout 60 -q >"$dir/ann.out" 2>"$dir/ann.err" || fail "the game over wss:// failed"
grep -q "^Game over: Ann " "$dir/ann.out" || fail "Ann saw no end"
echo "ok: a complete game over wss:// ($(grep '^Game over' "$dir/ann.out"))"

timeout 30 "$tw" play --connect "wss://127.0.0.1:$port/" --create --timeout 10 </dev/null >"$dir/noca.out" \
  2>"$dir/noca.err" && fail "an untrusted certificate was accepted"
grep -q "certificate is not trusted.*--ca FILE" "$dir/noca.err" || fail "no reason for the untrusted certificate"
timeout 30 "$tw" play --connect "ws://127.0.0.1:$port/" --create --timeout 10 </dev/null >"$dir/ws.out" \
  2>"$dir/ws.err" && fail "a ws:// client was served by the TLS server"
grep -q "speaks TLS only: connect with wss://" "$dir/ws.err" || fail "the ws:// client was not told to use wss://"
echo "ok: refused: a missing key, an untrusted certificate, ws:// at a wss:// server"
kill -TERM "$server"
wait "$server"
server=""
