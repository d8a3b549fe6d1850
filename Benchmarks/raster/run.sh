#!/bin/sh
# Builds raster-bench (Swift, release) and cairo_bench (C, cairo), runs both in the same run
# at scales 1, 2 and 3, and prints the time ratio swift / cairo per scale (below 1: ours faster).
# Three comparisons:
#   cold        no caches on our side; cairo at its default tolerance (0.1 px);
#   cold-tol    the same, cairo flattening curves to our tolerance (0.002 px) for fairness;
#   warm        our blurred shadows from a cache keyed by exact geometry (as the service keeps
#               them); cairo at its default tolerance.
# With CALLGRIND=1 also counts instructions per toggle under valgrind --tool=callgrind, as the
# difference between two runs of different lengths (startup cancels out).
# Needs: Debian libcairo2-dev, pkg-config, a C compiler, valgrind for CALLGRIND=1.
# Usage: Benchmarks/raster/run.sh [iterations]   Env: SCRATCH (build dir, default .build-bench).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
iterations=${1:-2000}
out=${TMPDIR:-/tmp}/raster-bench.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

scratch=${SCRATCH:-$root/.build-bench}
SCRATCH="$scratch" "$root/Benchmarks/build.sh" raster-bench
swift_bin="$scratch/release/raster-bench"
${CC:-cc} ${CFLAGS:--O3} -o "$out/cairo_bench" "$here/cairo_bench.c" $(pkg-config --cflags --libs cairo) -lm
cairo_bin="$out/cairo_bench"

# variant NAME: the environment of both programs for that comparison (each reads its own).
variant() {
    case "$1" in
        cold) RASTER_BENCH_WARM=0; CAIRO_TOLERANCE=0.1 ;;
        cold-tol) RASTER_BENCH_WARM=0; CAIRO_TOLERANCE=0.002 ;;
        warm) RASTER_BENCH_WARM=1; CAIRO_TOLERANCE=0.1 ;;
    esac
    export RASTER_BENCH_WARM CAIRO_TOLERANCE
}
sw() { "$swift_bin" "$@"; }
ca() { "$cairo_bin" "$@"; }
us() { sed 's/.*us_per_toggle=\([0-9.]*\).*/\1/'; }

for v in cold cold-tol warm; do
    variant "$v"
    for s in 1 2 3; do
        # A/B/A/B: the best of two runs each.
        t1=$(sw "$iterations" "$s" | us); c1=$(ca "$iterations" "$s" | us)
        t2=$(sw "$iterations" "$s" | us); c2=$(ca "$iterations" "$s" | us)
        awk -v v="$v" -v s="$s" -v t1="$t1" -v t2="$t2" -v c1="$c1" -v c2="$c2" 'BEGIN {
            t = (t1 < t2 ? t1 : t2); c = (c1 < c2 ? c1 : c2)
            printf "%-8s scale %s: swift %.1f us, cairo %.1f us (best of 2), ratio swift/cairo %.2f\n", v, s, t, c, t / c }'
    done
done

if [ "${CALLGRIND:-0}" = 1 ]; then
    ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
           awk '/refs:/ { gsub(",", "", $4); print $4 }'; }
    for v in cold cold-tol warm; do
        variant "$v"
        for s in 1 2 3; do
            # Each run draws min(n, 50) warm-up toggles plus n timed ones: 20 and 80 toggles.
            a=$(ir "$swift_bin" 10 "$s"); b=$(ir "$swift_bin" 40 "$s")
            c=$(ir "$cairo_bin" 10 "$s"); d=$(ir "$cairo_bin" 40 "$s")
            awk -v v="$v" -v s="$s" -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN {
                sw = (b - a) / 60; ca = (d - c) / 60
                printf "%-8s scale %s: instructions per toggle: swift %d, cairo %d, ratio %.2f\n", v, s, sw, ca, sw / ca }'
        done
    done
fi
