#!/bin/sh
# PNG bytes per image: the service's stills of the default (on=1), dark, indigo moon and mixed
# toggles at scales 1, 2 and 3 against `optipng -o7 -strip all` of the same pixels (optipng keeps
# the pixels and tries every filter and zlib setting). Both sides are counted without their
# text, sRGB and pHYs chunks. Prints each image's bytes and ratio, then the worst ratio.
# Target: every image <= 1.10x. Needs optipng (Debian).
# Usage: Benchmarks/png-size/toggles.sh   Env: SERVER_BIN (a toggle-server to measure; default:
# build this tree's), SCRATCH (build directory, default .build-bench).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
out=$(mktemp -d "${TMPDIR:-/tmp}/png-toggles.XXXXXX")
trap 'rm -rf "$out"' EXIT
if [ -z "${SERVER_BIN:-}" ]; then
    SCRATCH="$scratch" "$root/Benchmarks/build.sh" toggle-server
    SERVER_BIN=$scratch/release/toggle-server
fi
for scale in 1 2 3; do
    for toggle in "default on=1" "dark on=1&theme=dark" "indigo-moon on=1&sym=moon.fill&color=indigo" "mixed state=mixed"; do
        set -- $toggle
        "$SERVER_BIN" render "$2&scale=$scale" -o "$out/$1@${scale}x.png"
        optipng -quiet -o7 -strip all -out "$out/$1@${scale}x.optipng" "$out/$1@${scale}x.png"
    done
done
python3 - "$out" <<'PY'
import os, struct, sys
out = sys.argv[1]
LEFT_OUT = {b"tEXt", b"zTXt", b"iTXt", b"sRGB", b"pHYs"}
def counted(path):
    data = open(path, "rb").read()
    i, total, kind = 8, 8, None
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        if kind not in LEFT_OUT: total += 12 + n
        i += 12 + n
    return total, data[25]
worst = (0, "")
for name in sorted(n for n in os.listdir(out) if n.endswith(".png")):
    ours, colour_type = counted(f"{out}/{name}")
    reference, reference_type = counted(f"{out}/{name[:-4]}.optipng")
    ratio = ours / reference
    worst = max(worst, (ratio, name))
    print(f"{name}: ours {ours} bytes (colour type {colour_type}), optipng -o7 {reference} "
          f"(colour type {reference_type}): {ratio:.3f}x")
print(f"worst: {worst[1]} {worst[0]:.3f}x (target <= 1.10x)")
PY
