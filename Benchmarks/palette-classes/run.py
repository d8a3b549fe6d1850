#!/usr/bin/env python3
"""Palettes by coverage class against palettes by colour: two toggle-server builds, one from
before coverage classes (OLD: every palette numbered by colour) and one with them (NEW), answer
the same uncached-style requests: toggles that draw their tint (on, mixed) in many tints, the
first TINTS odd steps of Benchmarks/serving/uncached.lua's colour sequence (the on requests) and
the 13 named colours. For each picture geometry it prints:
- how many of the tints NEW wrote with the geometry's class image data (the IDAT most of its
  answers share) and how many entries that palette has;
- NEW's file bytes against OLD's (median, 90th percentile, largest, total) and the lowest PSNR
  of NEW's pixels against OLD's (R, G and B composited on black and on white, the fidelity
  tests' measure; OLD is exact where the picture has at most 256 colours);
- what the class palette would give every tint, whatever the encoder decided: the entries that
  repeat an earlier entry's colour (a tint in which classes coincide), and for a limit on them
  (CPNGEncoder.h, TIS_PALETTE_CLASS_REPEATS) the share of tints written by class and their bytes
  against OLD;
- the class image data NEW writes (once per geometry) and the same index image recompressed here
  with Python's zlib at levels 3 (the still encoder's level for palette data this small), 5, 7
  and 9, with the bytes and microseconds each takes (timed in this process: rough, only to rank
  the levels).
The machine's load does not matter: nothing is timed.

Usage: python3 Benchmarks/palette-classes/run.py OLD/toggle-server NEW/toggle-server [TINTS]
"""
import collections, http.client, os, statistics, struct, subprocess, sys, time, zlib

GEOMETRIES = ["on=1", "on=1&scale=2", "on=1&scale=3", "state=mixed", "state=mixed&scale=2",
              "on=1&sym=moon.fill&scale=2", "on=1&theme=dark", "on=1&disabled=1&scale=2",
              "style=switch&on=1&scale=2", "style=tutorial&on=1"]
NAMED = ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink",
         "brown", "gray"]
LIMITS = [16, 24, 32, None]
PUBLIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Public")


def start(binary, port):
    server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--access-log", "off",
                               "--public-dir", PUBLIC], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            get(port, "/healthz")
            return server
        except OSError:
            time.sleep(0.1)
    raise SystemExit("no server " + binary)


def get(port, target):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", target)
    return connection.getresponse().read()


def chunks(png):
    """(type, body) of every chunk."""
    out, i = [], 8
    while i < len(png):
        length, kind = struct.unpack(">I4s", png[i:i + 8])
        out.append((kind, png[i + 8:i + 8 + length]))
        i += 12 + length
    return out


def decode(png):
    """Width, height, straight RGBA bytes, the IDAT bytes, the palette (RGBA entries) or None.
    Our encoder writes every row unfiltered (filter type 0)."""
    parts = chunks(png)
    width, height, _, colour_type = struct.unpack(">IIBB", parts[0][1][:10])
    idat = b"".join(body for kind, body in parts if kind == b"IDAT")
    raw = zlib.decompress(idat)
    bpp = 1 if colour_type == 3 else 4
    rows = [raw[r * (1 + width * bpp):(r + 1) * (1 + width * bpp)] for r in range(height)]
    assert all(row[0] == 0 for row in rows), "rows filtered"
    data = b"".join(row[1:] for row in rows)
    if colour_type != 3:
        return width, height, data, idat, None, None
    plte = next(body for kind, body in parts if kind == b"PLTE")
    trns = next((body for kind, body in parts if kind == b"tRNS"), b"")
    palette = [plte[3 * e:3 * e + 3] + bytes([trns[e] if e < len(trns) else 255]) for e in range(len(plte) // 3)]
    return width, height, b"".join(palette[i] for i in data), idat, palette, data


def psnr(a, b):
    """The lower of the PSNRs composited on black and on white (999: equal)."""
    worst = 999.0
    for background in (0, 255):
        error = 0.0
        for i in range(0, len(a), 4):
            alpha_a, alpha_b = a[i + 3] / 255, b[i + 3] / 255
            for c in range(3):
                d = (a[i + c] * alpha_a + background * (1 - alpha_a)) - (b[i + c] * alpha_b + background * (1 - alpha_b))
                error += d * d
        if error:
            worst = min(worst, 10 * __import__("math").log10(255 * 255 / (error / (len(a) // 4 * 3))))
    return worst


def class_file_bytes(png, entries):
    """The bytes of `png` written with the class palette `entries` and the class image data of
    size `idat_size` (the caller adds it): every chunk but PLTE, tRNS and IDAT, then those."""
    kept = sum(12 + len(body) for kind, body in chunks(png) if kind not in (b"PLTE", b"tRNS", b"IDAT"))
    translucent = sum(1 for e in entries if e[3] < 255)
    return 8 + kept + 12 + 3 * len(entries) + (12 + translucent if translucent else 0)


def recompressed(indices, width, height, level):
    """The index image as libpng and zlib compress it at `level`: unfiltered rows, a window just
    large enough for the data, memLevel by CPNGEncoder.c's rule."""
    data = b"".join(b"\0" + indices[r * width:(r + 1) * width] for r in range(height))
    window = 8
    while (1 << window) < len(data) and window < 15:
        window += 1
    memory = 4
    while memory < 8 and (1 << (memory + 9)) < len(data):
        memory += 1
    compressor = zlib.compressobj(level, zlib.DEFLATED, window, memory)
    return len(compressor.compress(data) + compressor.flush())


def geometry_report(old_port, new_port, geometry, tints):
    answers = []
    for tint in tints:
        target = f"/toggle?{geometry}&color={tint}"
        answers.append((tint, get(old_port, target), get(new_port, target)))
    decoded = [(tint, old, new, decode(old), decode(new)) for tint, old, new in answers]
    idats = collections.Counter(d[4][3] for d in decoded)
    class_idat, shared = idats.most_common(1)[0]
    print(f"{geometry}: {len(tints)} tints")
    if shared < 2:
        print("  no class image data shared")
        return None
    model = next(d[4] for d in decoded if d[4][3] == class_idat)
    width, height, indices = model[0], model[1], model[5]
    first = {}
    for i, index in enumerate(indices):
        first.setdefault(index, i)
    ratios, worst_psnr, repeats, would = [], 999.0, [], []
    for tint, old, new, old_image, new_image in decoded:
        ratios.append(len(new) / len(old))
        worst_psnr = min(worst_psnr, psnr(new_image[2], old_image[2]))
        if new_image[3] == class_idat:
            entries = new_image[4]
        else:  # the class palette in this tint, from its pixels (by colour, as NEW wrote them)
            entries = [bytes(new_image[2][4 * first[e]:4 * first[e] + 4]) for e in range(len(model[4]))]
        repeats.append(len(entries) - len(set(entries)))
        would.append((class_file_bytes(new, entries) + len(class_idat)) / len(old))
    ratios.sort()
    print(f"  written by class: {shared} of {len(tints)}, {len(model[4])} entries; bytes against OLD: median "
          f"{statistics.median(ratios):.3f}, 90th percentile {ratios[len(ratios) * 9 // 10]:.3f}, largest "
          f"{ratios[-1]:.3f}, total {sum(len(n) for _, _, n in answers) / sum(len(o) for _, o, _ in answers):.3f}; "
          f"lowest PSNR against OLD {worst_psnr:.1f} dB")
    print(f"  repeated entries per tint: median {statistics.median(repeats):.0f}, largest {max(repeats)}")
    for limit in LIMITS:
        chosen = [w for r, w in zip(repeats, would) if limit is None or r <= limit]
        if chosen:
            print(f"  at most {'any' if limit is None else limit} repeats: {len(chosen)} of {len(tints)} by class, "
                  f"bytes against OLD median {statistics.median(chosen):.3f}, largest {max(chosen):.3f}")
    levels = {}
    for level in (3, 5, 7, 9):
        start = time.perf_counter()
        for _ in range(10):
            size = recompressed(indices, width, height, level)
        levels[level] = (size, (time.perf_counter() - start) / 10 * 1e6)
    print(f"  class image data {len(class_idat) - 12} bytes; Python's zlib: " +
          ", ".join(f"level {l} {s} bytes {t:.0f} us" for l, (s, t) in levels.items()))
    return levels


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    tints = ["%06x" % ((n * 2654435761) % 16777216) for n in range(1, 2 * count, 2)] + NAMED
    old, new = start(sys.argv[1], 18441), start(sys.argv[2], 18442)
    try:
        levels = [geometry_report(18441, 18442, g, tints) for g in GEOMETRIES]
    finally:
        old.terminate()
        new.terminate()
    levels = [l for l in levels if l]
    print("class image data, all geometries: " +
          ", ".join(f"level {l} {sum(g[l][0] for g in levels)} bytes {sum(g[l][1] for g in levels):.0f} us"
                    for l in (3, 5, 7, 9)))


main()
