#!/usr/bin/env python3
"""An independent PNG reader for the encoder's tests (Python's zlib and struct only).

Usage: read_png.py FILE  ->  JSON on stdout:
  {"chunks": [types in order], "ihdr": {width, height, bit_depth, color_type, interlace},
   "srgb": intent or null, "phys": [x, y, unit] or null, "plte": entries or null,
   "trns": entries or null, "text": {keyword: text} from tEXt (Latin-1),
   "itxt": {keyword: text} from iTXt (UTF-8), "rgba": straight RGBA bytes as a list}
Checks as the PNG specification (1.2 / third edition) says: signature, every CRC, IHDR first,
IEND last, one zlib stream over the IDATs, every row's filter type 0-4 undone.
Exits 1 with a message on stderr when any check fails.
"""
import json
import struct
import sys
import zlib


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def unfilter(raw, width, height, bpp):
    stride = width * bpp
    out = bytearray()
    prev = bytearray(stride)
    i = 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4: line[x] = (line[x] + paeth(a, b, c)) & 255
            elif kind != 0: fail(f"row filter type {kind}")
        out += line
        prev = line
    if i != len(raw): fail("image data length does not match the header")
    return bytes(out)


def main():
    data = open(sys.argv[1], "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n": fail("not a PNG signature")
    result = {"chunks": [], "srgb": None, "phys": None, "plte": None, "trns": None, "text": {}, "itxt": {}}
    idat = b""
    i = 8
    while i < len(data):
        length, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + length]
        (crc,) = struct.unpack(">I", data[i + 8 + length:i + 12 + length])
        if zlib.crc32(kind + body) != crc: fail(f"CRC of {kind!r}")
        name = kind.decode("latin-1")
        result["chunks"].append(name)
        if name == "IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            result["ihdr"] = {"width": w, "height": h, "bit_depth": depth, "color_type": ctype, "interlace": interlace}
        elif name == "sRGB": result["srgb"] = body[0]
        elif name == "pHYs": result["phys"] = list(struct.unpack(">IIB", body))
        elif name == "PLTE": result["plte"] = [list(body[j:j + 3]) for j in range(0, len(body), 3)]
        elif name == "tRNS": result["trns"] = list(body)
        elif name == "tEXt":
            key, text = body.split(b"\0", 1)
            result["text"][key.decode("latin-1")] = text.decode("latin-1")
        elif name == "iTXt":
            key, rest = body.split(b"\0", 1)
            compressed, method = rest[0], rest[1]
            lang, rest = rest[2:].split(b"\0", 1)
            translated, text = rest.split(b"\0", 1)
            if compressed: text = zlib.decompress(text)
            result["itxt"][key.decode("latin-1")] = text.decode("utf-8")
        elif name == "IDAT": idat += body
        i += 12 + length
    if result["chunks"][0] != "IHDR" or result["chunks"][-1] != "IEND": fail("IHDR first and IEND last")
    ihdr = result["ihdr"]
    if ihdr["bit_depth"] != 8 or ihdr["interlace"] != 0: fail("only 8-bit non-interlaced is read here")
    bpp = {6: 4, 2: 3, 3: 1}[ihdr["color_type"]]
    pixels = unfilter(zlib.decompress(idat), ihdr["width"], ihdr["height"], bpp)
    if ihdr["color_type"] == 3:
        plte, trns = result["plte"], result["trns"] or []
        rgba = bytearray()
        for p in pixels:
            if p >= len(plte): fail(f"palette index {p} beyond PLTE")
            rgba += bytes(plte[p]) + bytes([trns[p] if p < len(trns) else 255])
        pixels = bytes(rgba)
    elif ihdr["color_type"] == 2:
        pixels = b"".join(pixels[j:j + 3] + b"\xff" for j in range(0, len(pixels), 3))
    result["rgba"] = list(pixels)
    json.dump(result, sys.stdout)


main()
