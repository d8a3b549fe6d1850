#!/bin/sh
# Instructions per cached request under valgrind --tool=callgrind, with access logging off and on.
# Runs serving-bench (server + responder + a blocking loopback client in one process; see its
# main.swift) for 500 and for 2,500 requests and divides the difference by 2,000, so start-up and
# warm-up cancel out. User-space instructions of the whole process (client included, the same for
# every server version); they do not drift with machine load, so two builds compare exactly.
# Usage: Benchmarks/serving/callgrind.sh [SERVING_BENCH_BINARY...]  (default: build this tree's)
# Env: PATH_QUERY (default /toggle?on=1), TOP=N also prints the N costliest functions (self cost).
set -eu
. "$(dirname "$0")/common.sh"
# One hash seed for every run: with Swift's per-process random seed, dictionary probe lengths
# differ between the short and the long run and the figure moved by up to ~300 instructions.
export SWIFT_DETERMINISTIC_HASHING="${SWIFT_DETERMINISTIC_HASHING:-1}"
target=${PATH_QUERY:-/toggle?on=1}
if [ $# -eq 0 ]; then
    SCRATCH="$scratch" "$bench_root/Benchmarks/build.sh" serving-bench
    set -- "$scratch/release/serving-bench"
fi
ir() {  # ir BINARY REQUESTS LOG [OUT]
    (cd "$bench_root" && valgrind --tool=callgrind --callgrind-out-file="${4:-/dev/null}" \
        "$1" "$2" --access-log "$3" --target "$target" 2>&1) | awk '/refs:/ { gsub(",", "", $4); print $4 }'
}
for bin in "$@"; do
    for log in off on; do
        a=$(ir "$bin" 500 "$log"); b=$(ir "$bin" 2500 "$log" "$work/cg.out")
        printf '%s (%s) log %s: %d instructions per request\n' "$(basename "$bin")" "$(dirname "$bin")" "$log" \
            "$(( (b - a) / 2000 ))"
        if [ -n "${TOP:-}" ]; then
            callgrind_annotate "$work/cg.out" 2>/dev/null | sed -n '/^Ir /,$p' | sed -n "3,$((TOP + 2))p" | cut -c1-160
        fi
    done
done
