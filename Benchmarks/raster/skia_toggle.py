"""skia_toggle: cairo_bench.c's toggle drawn with Skia (skia-python) and encoded as PNG by Skia's
own encoder, in memory: capsule track (52,199,89), the knob circle moved down 1 pt and blurred by
Skia's Gaussian mask filter (sigma 2 pt) in black at 0.2, the white knob, and the checkmark
polygon in the track colour inside the 0.54 d box centred on the knob. An independent peer for
peers.sh; nothing is cached between toggles (a new surface, paths and paints each time).
Usage: python skia_toggle.py ITERATIONS SCALE   Prints "skia-png scale=S bytes=B"."""
import sys

import skia

CHECKMARK = [(9, 20.42), (2.79, 14.21), (5.62, 11.38), (9, 14.77), (18.88, 4.88), (21.71, 7.71)]
GREEN = skia.Color(52, 199, 89)


def toggle_png(s):
    h, d = 32.0, 26.0
    w, hp = round(1.8 * h * s), round(h * s)
    surface = skia.Surface(w, hp)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    tr = hp / 2
    canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeWH(w, hp), tr, tr),
                     skia.Paint(AntiAlias=True, Color=GREEN))
    r, cy = d * s / 2, hp / 2
    cx = w - 3 * s - r
    shadow = skia.Paint(AntiAlias=True, Color=skia.Color4f(0, 0, 0, 0.2),
                        MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 2 * s))
    canvas.drawCircle(cx, cy + s, r, shadow)
    canvas.drawCircle(cx, cy, r, skia.Paint(AntiAlias=True, Color=skia.ColorWHITE))
    k = 0.54 * d * s / 24
    path = skia.Path()
    for i, (x, y) in enumerate(CHECKMARK):
        px, py = cx - 12 * k + x * k, cy - 12 * k + y * k
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    path.close()
    canvas.drawPath(path, skia.Paint(AntiAlias=True, Color=GREEN))
    return len(surface.makeImageSnapshot().encodeToData(skia.kPNG, 100).bytes())


iterations, scale = int(sys.argv[1]), float(sys.argv[2])
size = 0
for _ in range(iterations):
    size = toggle_png(scale)
print(f"skia-png scale={scale:g} bytes={size}")
