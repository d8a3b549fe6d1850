"""resvg_toggle: resvg (through resvg-py) rasterizing the service's own SVG of the toggle
(`toggle-server render '/toggle.svg?on=1&scale=S'`: capsule track, the knob's shadow as an
feGaussianBlur, the white knob and the checkmark path) and encoding it as PNG, in memory. An
independent rasterizer of the same picture, for peers.sh; each toggle parses the SVG afresh
(resvg keeps nothing between calls), system fonts are not loaded (the SVG has no text).
Usage: python resvg_toggle.py ITERATIONS SVG_FILE   Prints "resvg-png bytes=B"."""
import sys

import resvg_py

iterations, path = int(sys.argv[1]), sys.argv[2]
with open(path, encoding="utf-8") as f:
    svg = f.read()
size = 0
for _ in range(iterations):
    size = len(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True))
print(f"resvg-png bytes={size}")
