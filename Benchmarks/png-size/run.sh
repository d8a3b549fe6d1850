#!/bin/sh
# PNG size: the service's PNGs for png-tuning's ten typical toggles against
# `optipng -o7 -strip all` of the same files (optipng keeps the pixels, tries every filter and zlib
# setting). Prints totals and the ratio, both as served (with the tEXt chunks Title, Description
# and Software) and with the tEXt chunks left out, since optipng strips them. Target: <= 1.1x.
# Needs optipng (Debian). Usage: Benchmarks/png-size/run.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
out=$(mktemp -d "${TMPDIR:-/tmp}/png-size.XXXXXX")
trap 'rm -rf "$out"' EXIT
SCRATCH="$scratch" "$root/Benchmarks/build.sh" png-tuning
"$scratch/release/png-tuning" --write "$out/ours" >/dev/null
mkdir -p "$out/optipng"
for f in "$out"/ours/*.png; do optipng -quiet -o7 -strip all -out "$out/optipng/$(basename "$f")" "$f"; done
python3 - "$out" <<'PY'
import os, struct, sys, zlib
out = sys.argv[1]
def chunks(path):
    data = open(path, "rb").read()
    i, total, text = 8, 8, 0
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        size = 12 + n
        total += size
        if kind in (b"tEXt", b"zTXt", b"iTXt"): text += size
        i += size
    return total, text
ours = sorted(os.listdir(f"{out}/ours"))
served = notext = opti = 0
for name in ours:
    t, x = chunks(f"{out}/ours/{name}")
    o, _ = chunks(f"{out}/optipng/{name}")
    served += t; notext += t - x; opti += o
    print(f"{name}: ours {t} bytes ({t - x} without tEXt), optipng -o7 {o}")
print(f"total over {len(ours)} toggles: ours {served} bytes as served, {notext} without tEXt; optipng -o7 {opti}")
print(f"ratio ours/optipng: {served / opti:.3f} as served, {notext / opti:.3f} without tEXt (target <= 1.1)")
PY
