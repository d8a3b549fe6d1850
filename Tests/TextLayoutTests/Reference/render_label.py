#!/usr/bin/env python3
"""Independent rendering of one line of text, for TextLayoutTests' pixel comparison.

    render_label.py FONT SIZE_PT SCALE TEXT DIRECTION LANGUAGE WIDTH_PX HEIGHT_PX ORIGIN_X_PX BASELINE_Y_PX [FACE_INDEX]

Glyph ids and positions come from HarfBuzz's command-line tool `hb-shape` (Debian's
libharfbuzz-bin) at 64 units per pt; outlines and anti-aliasing from FreeType (PyPI freetype-py,
which bundles its own FreeType): each glyph is rendered unhinted at 4x the pixel size, placed at
its exact sub-pixel position, glyphs combined by the larger coverage, and every 4x4 block averaged
down to one pixel. Prints a binary PGM (P5, 8-bit coverage) on standard output.
"""
import json
import math
import subprocess
import sys

import freetype

OVERSAMPLE = 4


def main():
    font, size_pt, scale, text, direction, language = sys.argv[1:7]
    width, height = int(sys.argv[7]), int(sys.argv[8])
    origin_x, baseline_y = float(sys.argv[9]), float(sys.argv[10])
    face_index = int(sys.argv[11]) if len(sys.argv) > 11 else 0
    size_pt, scale = float(size_pt), float(scale)

    units = round(size_pt * 64)
    shaped = json.loads(subprocess.run(
        ["hb-shape", f"--font-size={units}", f"--direction={direction}", f"--language={language}",
         f"--face-index={face_index}", "--output-format=json", "--no-glyph-names", font, text],
        check=True, capture_output=True, text=True).stdout)

    px_per_unit = scale / 64 * OVERSAMPLE
    face = freetype.Face(font, face_index)
    face.set_char_size(int(round(size_pt * scale * OVERSAMPLE * 64)))
    big_w, big_h = width * OVERSAMPLE, height * OVERSAMPLE
    big = [0] * (big_w * big_h)

    pen = origin_x * OVERSAMPLE
    base = baseline_y * OVERSAMPLE
    for g in shaped:
        x = pen + g["dx"] * px_per_unit
        y = base - g["dy"] * px_per_unit  # y down
        ix, iy = math.floor(x), math.floor(y)
        fx, fy = x - ix, y - iy
        # FreeType's y is up: moving down by fy is a negative delta.
        face.set_transform(freetype.Matrix(0x10000, 0, 0, 0x10000),
                           freetype.Vector(int(round(fx * 64)), int(round(-fy * 64))))
        face.load_glyph(g["g"], freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_RENDER)
        slot = face.glyph
        bitmap = slot.bitmap
        rows, cols, pitch = bitmap.rows, bitmap.width, bitmap.pitch
        buffer = bitmap.buffer  # freetype-py builds this list on every access: once per glyph
        left, top = ix + slot.bitmap_left, iy - slot.bitmap_top
        for row in range(rows):
            yy = top + row
            if not 0 <= yy < big_h:
                continue
            for col in range(cols):
                xx = left + col
                if 0 <= xx < big_w:
                    v = buffer[row * pitch + col]
                    i = yy * big_w + xx
                    if v > big[i]:
                        big[i] = v
        pen += g["ax"] * px_per_unit

    out = bytearray(width * height)
    n = OVERSAMPLE * OVERSAMPLE
    for py in range(height):
        for px in range(width):
            total = 0
            for sy in range(OVERSAMPLE):
                start = (py * OVERSAMPLE + sy) * big_w + px * OVERSAMPLE
                total += sum(big[start:start + OVERSAMPLE])
            out[py * width + px] = int(total / n + 0.5)
    sys.stdout.buffer.write(b"P5\n%d %d\n255\n" % (width, height) + bytes(out))


if __name__ == "__main__":
    main()
