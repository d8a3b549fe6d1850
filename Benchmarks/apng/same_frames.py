"""Exit 0 when two APNGs show the same frames: every frame composed by Pillow (dispose and blend
ops applied), each shown for its delay in 1/1000 s steps, compared as RGBA with fully
transparent pixels equal whatever their colour.
Usage: python3 same_frames.py a.png b.png"""
import sys
from PIL import Image


def timeline(path):
    """(frame bytes, end time in ms) for each frame, colour dropped where alpha is 0."""
    out, t = [], 0.0
    with Image.open(path) as im:
        for i in range(getattr(im, "n_frames", 1)):
            im.seek(i)
            t += im.info.get("duration", 0)
            rgba = bytearray(im.convert("RGBA").tobytes())
            for p in range(0, len(rgba), 4):
                if rgba[p + 3] == 0:
                    rgba[p:p + 3] = b"\0\0\0"
            out.append((bytes(rgba), round(t)))
    return out


def frame_at(frames, ms):
    return next(f for f, end in frames if ms < end)


a, b = timeline(sys.argv[1]), timeline(sys.argv[2])
if a[-1][1] != b[-1][1]:
    sys.exit(1)
# Compare at the middle of every interval between frame changes of either file.
cuts = sorted({0} | {end for _, end in a} | {end for _, end in b})
sys.exit(0 if all(frame_at(a, (s + e) / 2) == frame_at(b, (s + e) / 2) for s, e in zip(cuts, cuts[1:])) else 1)
