#!/usr/bin/env python3
"""Independent scaling of one colour emoji glyph, for TextLayoutTests' emoji comparison.

    render_emoji.py FONT GLYPH_ID WIDTH_PX HEIGHT_PX

The glyph's PNG and its metrics come from the font's CBDT and CBLC tables as fontTools (PyPI)
reads them (freetype-py's bundled FreeType has no PNG support); Pillow (PyPI) decodes the PNG
and scales it to WIDTH x HEIGHT in premultiplied RGBa: Image.BOX when shrinking, Image.BILINEAR
when growing. Prints one text line "STRIKE_PPEM BEARING_X BEARING_Y WIDTH HEIGHT" (the strike's
size and the bitmap's place and size at it, px; BEARING_Y up from the baseline to its top),
then the scaled pixels as raw premultiplied RGBA8, row by row.
"""
import io
import sys

from fontTools.ttLib import TTFont
from PIL import Image


def main():
    path, glyph = sys.argv[1], int(sys.argv[2])
    width, height = int(sys.argv[3]), int(sys.argv[4])
    font = TTFont(path, lazy=True)
    name = font.getGlyphName(glyph)
    strike = font["CBLC"].strikes[0]
    ppem = strike.bitmapSizeTable.ppemY
    data = font["CBDT"].strikeData[0][name]
    data.decompile()
    metrics = data.metrics
    # Small glyph metrics (CBDT formats 17) name them BearingX/Y, big ones (18) horiBearingX/Y.
    bearing_x = getattr(metrics, "BearingX", None)
    bearing_x = metrics.horiBearingX if bearing_x is None else bearing_x
    bearing_y = getattr(metrics, "BearingY", None)
    bearing_y = metrics.horiBearingY if bearing_y is None else bearing_y
    image = Image.open(io.BytesIO(data.imageData)).convert("RGBA").convert("RGBa")
    resample = Image.BOX if width <= image.width and height <= image.height else Image.BILINEAR
    scaled = image.resize((width, height), resample)
    sys.stdout.buffer.write(b"%d %d %d %d %d\n" % (ppem, bearing_x, bearing_y, image.width, image.height))
    sys.stdout.buffer.write(scaled.tobytes())


if __name__ == "__main__":
    main()
