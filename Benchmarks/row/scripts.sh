#!/bin/sh
# What a row costs to draw by script, caches warm (shaped runs, outlines, decoded and scaled
# emoji, knob shadows, fill coverage): the scene and the raster backend, as row-bench's
# `only=row` runs them, in instructions under valgrind --tool=callgrind (which do not drift with
# machine load). Each row's label has the same number of grapheme clusters as the Latin one; the
# target is at most 3x the Latin row. Runs 100 and 200 draws and divides the difference by 100.
# Usage: Benchmarks/row/scripts.sh   (SCRATCH overrides the build folder, default .build-bench)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
export SWIFT_DETERMINISTIC_HASHING=1
SCRATCH="$scratch" "$root/Benchmarks/build.sh" row-bench
bin="$scratch/release/row-bench"
ir() {  # ir QUERY DRAWS
    (cd "$root" && ROW_QUERY="$1" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$2" only=row 2>&1) \
        | awk '/refs:/ { gsub(",", "", $4); print $4 }'
}
latin=""
# Eight grapheme clusters each: "Settings", 自動アップデート, eight emoji (a flag, a skin tone and a
# keycap among them), Hindi स्वचालित अपडे (स्व is one cluster: a consonant, a virama and a consonant).
for case in "Latin|Settings" \
            "Japanese|%E8%87%AA%E5%8B%95%E3%82%A2%E3%83%83%E3%83%97%E3%83%87%E3%83%BC%E3%83%88" \
            "Emoji|%F0%9F%94%94%F0%9F%93%B6%F0%9F%94%8B%F0%9F%8C%99%F0%9F%87%AF%F0%9F%87%B5%F0%9F%91%8D%F0%9F%8F%BD1%EF%B8%8F%E2%83%A3%F0%9F%94%92" \
            "Hindi|%E0%A4%B8%E0%A5%8D%E0%A4%B5%E0%A4%9A%E0%A4%BE%E0%A4%B2%E0%A4%BF%E0%A4%A4%20%E0%A4%85%E0%A4%AA%E0%A4%A1%E0%A5%87"; do
    name=${case%%|*}; label=${case#*|}
    query="label=$label&on=1&color=indigo&sym=moon.fill&scale=2"
    a=$(ir "$query" 100); b=$(ir "$query" 200)
    per=$(( (b - a) / 100 ))
    [ -n "$latin" ] || latin=$per
    awk -v n="$name" -v p="$per" -v l="$latin" 'BEGIN { printf "%-9s %9d instructions per row  %.2fx Latin\n", n, p, p / l }'
done
