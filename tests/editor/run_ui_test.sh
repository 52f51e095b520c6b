#!/bin/sh
# Runs an editor test binary with a display: as is when DISPLAY is set or when only
# listing tests, else under xvfb-run (a private X server per run, -a picks a free one).
case "$*" in
  *--list-*) exec "$@" ;;
esac
if [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" "$@"
