#!/bin/sh
# Render + encode: microseconds per toggle at scales 1, 2 and 3 for the
# service's ToggleRequest(spec:format: .png).bytes() (serving-bench --render: the default "on" toggle drawn and encoded
# with its tEXt chunks) against cairo drawing cairo_bench.c's toggle and writing it with
# cairo_surface_write_to_png_stream (cairo_encode_bench.c), in one run: A/B/A/B/A/B per scale,
# medians and the ratio cairo/swift (above 1: ours faster; target >= 2). Then instructions per
# toggle under callgrind, from the difference of a 20 and an 80 toggle run (start-up cancels out).
# Needs libcairo2-dev, pkg-config, cc, valgrind. Usage: Benchmarks/raster/render-encode.sh [iterations=1000]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
iterations=${1:-1000}
out=$(mktemp -d "${TMPDIR:-/tmp}/render-encode.XXXXXX")
trap 'rm -rf "$out"' EXIT
SCRATCH="$scratch" "$root/Benchmarks/build.sh" serving-bench
swift_bin="$scratch/release/serving-bench"
${CC:-cc} ${CFLAGS:--O3} -I"$here" -o "$out/cairo_encode_bench" "$here/cairo_encode_bench.c" \
    $(pkg-config --cflags --libs cairo) -lm
cairo_bin="$out/cairo_encode_bench"
field() { sed "s/.*$1=\([0-9.]*\).*/\1/"; }
median3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
for s in 1 2 3; do
    set --
    for i in 1 2 3; do
        set -- "$@" "$("$swift_bin" --render "$iterations" "$s")" "$("$cairo_bin" "$iterations" "$s")"
    done
    t=$(median3 "$(echo "$1" | field us_per_toggle)" "$(echo "$3" | field us_per_toggle)" "$(echo "$5" | field us_per_toggle)")
    c=$(median3 "$(echo "$2" | field us_per_toggle)" "$(echo "$4" | field us_per_toggle)" "$(echo "$6" | field us_per_toggle)")
    tb=$(echo "$1" | field bytes); cb=$(echo "$2" | field bytes)
    awk -v s="$s" -v t="$t" -v c="$c" -v tb="$tb" -v cb="$cb" 'BEGIN {
        printf "scale %s: swift %.1f us (%d B), cairo %.1f us (%d B), median of 3; cairo/swift %.2fx\n", s, t, tb, c, cb, c / t }'
done
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/refs:/ { gsub(",", "", $4); print $4 }'; }
for s in 1 2 3; do
    a=$(ir "$swift_bin" --render 10 "$s"); b=$(ir "$swift_bin" --render 40 "$s")
    c=$(ir "$cairo_bin" 10 "$s"); d=$(ir "$cairo_bin" 40 "$s")
    awk -v s="$s" -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN {
        sw = (b - a) / 60; ca = (d - c) / 60
        printf "scale %s: instructions per toggle: swift %d, cairo %d, cairo/swift %.2fx\n", s, sw, ca, ca / sw }'
done
