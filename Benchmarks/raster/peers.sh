#!/bin/sh
# Against other renderers: instructions per toggle (draw + PNG encode, the default "on" toggle) at
# scales 1, 2 and 3 for
#   ours, warm      serving-bench --render (the same toggle each time: the shared fill, shadow and
#                   symbol caches and the PNG image-data cache serve it, as in the service)
#   ours, new tint  serving-bench --render --new-colours (a new colour each time, the caches at
#                   their default sizes: the service's path for a toggle it has not drawn before)
#   ours, uncached  serving-bench --render --uncached (every cache 0 bytes, a new colour each time:
#                   also the toggle's coverage classes made for every picture)
#   cairo           cairo_encode_bench.c (cairo_bench.c's toggle, cairo's PNG writer)
#   skia            skia_toggle.py (the same toggle drawn by skia-python, Skia's PNG encoder)
#   resvg           resvg_toggle.py (resvg-py rasterizing our own SVG of the toggle to PNG)
# each counted with valgrind --tool=callgrind as the difference of an N and a 4N toggle run
# divided by 3N, so start-up, Python's import and library loading cancel out; then each peer's
# ratio to ours, warm, new tint and uncached (above 1: ours takes fewer instructions).
# Needs valgrind, cc, pkg-config, libcairo2-dev, python3 with venv, and pip access the first time
# (a venv under .build/peers-venv with the pinned versions below).
# Usage: Benchmarks/raster/peers.sh [iterations=10]
#   (TOGGLE_SERVER=path uses that toggle-server for the SVG instead of building one)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
n=${1:-10}
skia_version=144.1
resvg_version=0.5.0
out=$(mktemp -d "${TMPDIR:-/tmp}/peers.XXXXXX")
trap 'rm -rf "$out"' EXIT
SCRATCH="$scratch" "$root/Benchmarks/build.sh" serving-bench
ours="$scratch/release/serving-bench"
if [ -z "${TOGGLE_SERVER:-}" ]; then
    SCRATCH="$scratch" "$root/Benchmarks/build.sh" toggle-server
    TOGGLE_SERVER="$scratch/release/toggle-server"
fi
${CC:-cc} ${CFLAGS:--O3} -I"$here" -o "$out/cairo_encode_bench" "$here/cairo_encode_bench.c" \
    $(pkg-config --cflags --libs cairo) -lm
venv="$root/.build/peers-venv"
if ! "$venv/bin/python" -c "import skia, resvg_py" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "skia-python==$skia_version" "resvg-py==$resvg_version"
fi
py="$venv/bin/python"
# Same hash seed in both runs, so one-time dictionary work does not differ between them.
export SWIFT_DETERMINISTIC_HASHING=1
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/refs:/ { gsub(",", "", $4); print $4 }'; }
# per_toggle COMMAND...: the command is run with N, then 4N, in place of the word ITER.
per_toggle() {
    a=$(ir $(echo "$@" | sed "s/ITER/$n/")); b=$(ir $(echo "$@" | sed "s/ITER/$((4 * n))/"))
    awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { printf "%d", (b - a) / (3 * n) }'
}
printf '%-5s %10s %10s %10s %10s %10s %10s   %s\n' scale ours-warm ours-tint ours-uncach cairo skia resvg \
    "peer/ours: cairo skia resvg (warm | new tint | uncached)"
for s in 1 2 3; do
    "$TOGGLE_SERVER" render "/toggle.svg?on=1&scale=$s" >"$out/toggle@$s.svg"
    w=$(per_toggle "$ours" --render ITER "$s")
    t=$(per_toggle "$ours" --render ITER --new-colours "$s")
    u=$(per_toggle "$ours" --render ITER --uncached "$s")
    c=$(per_toggle "$out/cairo_encode_bench" ITER "$s")
    k=$(per_toggle "$py" "$here/skia_toggle.py" ITER "$s")
    r=$(per_toggle "$py" "$here/resvg_toggle.py" ITER "$out/toggle@$s.svg")
    awk -v s="$s" -v w="$w" -v t="$t" -v u="$u" -v c="$c" -v k="$k" -v r="$r" 'BEGIN {
        printf "%-5s %10d %10d %10d %10d %10d %10d   %.2fx %.2fx %.2fx | %.2fx %.2fx %.2fx | %.2fx %.2fx %.2fx\n",
            s, w, t, u, c, k, r, c / w, k / w, r / w, c / t, k / t, r / t, c / u, k / u, r / u }'
done
echo "iterations $n and $((4 * n)); skia-python $skia_version, resvg-py $resvg_version, $(pkg-config --modversion cairo | sed 's/^/cairo /'), $(valgrind --version)"
