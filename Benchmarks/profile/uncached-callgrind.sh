#!/bin/sh
# Where an uncached request's time goes: instructions per request by function and by library,
# under valgrind --tool=callgrind. serving-bench (server, responder and a loopback client in one
# process) runs with --cache-bytes 0 so every request renders and encodes, for SHORT and for LONG
# requests; callgrind-diff.py divides the difference by LONG - SHORT, so start-up, warm-up and the
# client's fixed costs cancel out. Instruction counts do not drift with machine load.
# Usage: Benchmarks/profile/uncached-callgrind.sh [SERVING_BENCH_BINARY...]  (default: build this tree's)
# Env: SCALES (default "1 2"), QUERY (default on=1), SHORT (100), LONG (500), TOP (30 functions),
# ROUTE (default /toggle; svg-callgrind.sh sets /toggle.svg), VARY_COLOR (default 1: a new colour
# per request, as the wrk scripts send; 0 repeats one picture, which the PNG encoder's image-data
# cache then serves without zlib, so it no longer measures an uncached render + encode),
# CACHE_BYTES (serving-bench's --cache-bytes, default 0; with a cache every request is still a
# miss when VARY_COLOR=1, but the miss also pays for the key, the insert and evictions).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
out=$(mktemp -d "${TMPDIR:-/tmp}/uncached-callgrind.XXXXXX")
trap 'rm -rf "$out"' EXIT
if [ $# -eq 0 ]; then
    SCRATCH="$scratch" "$root/Benchmarks/build.sh" serving-bench
    set -- "$scratch/release/serving-bench"
fi
short=${SHORT:-100}; long=${LONG:-500}
# Swift seeds its hashing per process, so one-time work that fills dictionaries (the symbol
# table, about 41 million instructions) differed by up to 600,000 between the two runs: +-1,500
# per request in the difference. A fixed seed makes both runs do the same one-time work.
export SWIFT_DETERMINISTIC_HASHING=1
vary=""; label=""
[ "${VARY_COLOR:-1}" = 1 ] && { vary=--vary-color; label="&color=(new each time)"; }
for bin in "$@"; do
    for s in ${SCALES:-1 2}; do
        for n in "$short" "$long"; do
            (cd "$root" && valgrind --tool=callgrind --callgrind-out-file="$out/$n.out" "$bin" "$n" --access-log off \
                --cache-bytes "${CACHE_BYTES:-0}" $vary --target "${ROUTE:-/toggle}?${QUERY:-on=1}&scale=$s" >/dev/null 2>&1)
        done
        echo "== $bin: ${ROUTE:-/toggle}?${QUERY:-on=1}&scale=$s$label, uncached, per request"
        python3 "$here/callgrind-diff.py" "$out/$short.out" "$out/$long.out" "$((long - short))" "${TOP:-30}"
    done
done
