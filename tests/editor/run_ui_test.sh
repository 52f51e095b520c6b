#!/bin/sh
# Runs an editor test binary with a display: as is when DISPLAY is set or when only
# listing tests, else under xvfb-run (a private X server per run, -a picks a free one).
case "$*" in
  *--list-*) exec "$@" ;;
esac
if [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
# Start the search for a free display at a number of our own, so two tests started at
# once (ctest -j2) do not race for the same one.
exec xvfb-run -a -n $((100 + $$ % 3000)) -s "-screen 0 1600x1000x24 -nolisten tcp" "$@"
