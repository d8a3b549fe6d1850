#!/bin/sh
# Builds raster-bench (Swift, release) and cairo_bench (C, cairo), runs both in the same run
# at scales 1, 2 and 3, and prints the time ratio swift / cairo per scale (below 1: ours faster).
# With CALLGRIND=1 also counts instructions per toggle under valgrind --tool=callgrind, as the
# difference between two runs of different lengths (startup cancels out).
# Needs: Debian libcairo2-dev, pkg-config, a C compiler, valgrind for CALLGRIND=1.
# Usage: Benchmarks/raster/run.sh [iterations]   (from anywhere inside the package)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
iterations=${1:-2000}
out=${TMPDIR:-/tmp}/raster-bench.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

(cd "$root" && swift build -c release --product raster-bench >/dev/null)
swift_bin="$root/.build/release/raster-bench"
${CC:-cc} ${CFLAGS:--O3} -o "$out/cairo_bench" "$here/cairo_bench.c" $(pkg-config --cflags --libs cairo) -lm
cairo_bin="$out/cairo_bench"

for s in 1 2 3; do
    # A/B/A/B: the median of two runs each.
    t1=$("$swift_bin" "$iterations" "$s" | sed 's/.*us_per_toggle=\([0-9.]*\).*/\1/')
    c1=$("$cairo_bin" "$iterations" "$s" | sed 's/.*us_per_toggle=\([0-9.]*\).*/\1/')
    t2=$("$swift_bin" "$iterations" "$s" | sed 's/.*us_per_toggle=\([0-9.]*\).*/\1/')
    c2=$("$cairo_bin" "$iterations" "$s" | sed 's/.*us_per_toggle=\([0-9.]*\).*/\1/')
    awk -v s="$s" -v t1="$t1" -v t2="$t2" -v c1="$c1" -v c2="$c2" 'BEGIN {
        t = (t1 < t2 ? t1 : t2); c = (c1 < c2 ? c1 : c2)
        printf "scale %s: swift %.1f us, cairo %.1f us (best of 2), ratio swift/cairo %.2f\n", s, t, c, t / c }'
done

if [ "${CALLGRIND:-0}" = 1 ]; then
    ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
           awk '/refs:/ { gsub(",", "", $4); print $4 }'; }
    for s in 1 2 3; do
        # Each run draws min(n, 50) warm-up toggles plus n timed ones: 20 and 80 toggles.
        a=$(ir "$swift_bin" 10 "$s"); b=$(ir "$swift_bin" 40 "$s")
        c=$(ir "$cairo_bin" 10 "$s"); d=$(ir "$cairo_bin" 40 "$s")
        awk -v s="$s" -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN {
            sw = (b - a) / 60; ca = (d - c) / 60
            printf "scale %s: instructions per toggle: swift %d, cairo %d, ratio %.2f\n", s, sw, ca, sw / ca }'
    done
fi
