#!/usr/bin/env bash
# Renders the PNG sizes of the icon from tilewright.svg (run by hand after changing the
# SVG; the PNGs are committed, so the build needs no SVG renderer). Needs rsvg-convert
# (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" tilewright.svg -o "tilewright-$size.png"
done
