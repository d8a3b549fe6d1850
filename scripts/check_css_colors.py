"""The client half of scripts/check-css-colors: asks the server for colours, reads the track pixel."""
import colorsys
import io
import sys
import urllib.error
import urllib.parse
import urllib.request

import webcolors
from PIL import Image, ImageColor

BASE = sys.argv[1]
# docs/design-facts.md section 2: SwiftUI colours (light appearance), which win over CSS names.
SWIFTUI = {
    "red": (255, 59, 48), "orange": (255, 149, 0), "yellow": (255, 204, 0), "green": (52, 199, 89),
    "mint": (0, 199, 190), "teal": (48, 176, 199), "cyan": (50, 173, 230), "blue": (0, 122, 255),
    "indigo": (88, 86, 214), "purple": (175, 82, 222), "pink": (255, 45, 85), "brown": (162, 132, 94),
    "gray": (142, 142, 147), "grey": (142, 142, 147), "black": (0, 0, 0), "white": (255, 255, 255),
}


def track_pixel(color):
    """The colour drawn at (6, 16) of an `on` toggle at scale 1: inside the track, left of the knob."""
    query = urllib.parse.urlencode({"on": "1", "color": color})
    with urllib.request.urlopen(f"{BASE}/toggle?{query}") as response:
        image = Image.open(io.BytesIO(response.read())).convert("RGBA")
    r, g, b, a = image.getpixel((6, 16))
    assert a == 255, (color, a)
    return (r, g, b)


failures = []


def check(color, expected, tolerance=0):
    try:
        got = track_pixel(color)
    except urllib.error.HTTPError as e:
        failures.append(f"{color}: HTTP {e.code} {e.read().decode()[:200]}")
        return
    if any(abs(x - y) > tolerance for x, y in zip(got, expected)):
        failures.append(f"{color}: drew {got}, expected {expected}")


names = {name: tuple(webcolors.name_to_rgb(name)) for name in webcolors.names("css3")}
names["rebeccapurple"] = (0x66, 0x33, 0x99)  # CSS Color 4 adds it to CSS3's 147
assert len(names) == 148, len(names)
for name, rgb in names.items():
    assert ImageColor.getrgb(name)[:3] == rgb, name  # the two outside lists agree
    check(name, SWIFTUI.get(name, rgb))
    check(name.upper(), SWIFTUI.get(name, rgb))

for h in range(0, 360, 15):
    for s in (0, 25, 60, 100):
        for l in (0, 20, 50, 73, 100):
            rgb = tuple(int(x * 255 + 0.5) for x in colorsys.hls_to_rgb(h / 360, l / 100, s / 100))
            check(f"hsl({h} {s}% {l}%)", rgb, tolerance=1)
    for w in (0, 20, 50, 70):
        for b in (0, 10, 40, 60):
            if w + b >= 100:
                gray = w / (w + b)
                rgb = (gray, gray, gray)
            else:
                v = 1 - b / 100  # HWB is HSV with whiteness (1 - s) v and blackness 1 - v
                rgb = colorsys.hsv_to_rgb(h / 360, 1 - (w / 100) / v, v)
            check(f"hwb({h} {w}% {b}%)", tuple(int(x * 255 + 0.5) for x in rgb), tolerance=1)

total = 2 * len(names) + 24 * 20 + 24 * 16
if failures:
    print("\n".join(failures[:40]))
    print(f"check-css-colors: {len(failures)} of {total} colours differ")
    sys.exit(1)
print(f"check-css-colors: {total} colours match webcolors, Pillow and colorsys")
