#!/bin/sh
# Where an uncached /toggle.svg request's time goes (issue 16 item 4): instructions per request by
# function and by library, under valgrind --tool=callgrind. serving-bench (server, responder and a
# loopback client in one process) runs with --cache-bytes 0 and --vary-color, so every request
# carries a new colour (as Benchmarks/serving/svg.sh's wrk script does): the query is parsed, the
# scene laid out and the SVG written each time. SHORT and LONG requests; callgrind-diff.py divides
# the difference by LONG - SHORT, so start-up, warm-up and fixed costs cancel out. The total
# includes the in-process client (about 6,000 per request, the same for every build).
# Usage: Benchmarks/profile/svg-callgrind.sh [SERVING_BENCH_BINARY...]  (default: build this tree's)
# Env: SCALES (default "2"), QUERY (default on=1), SHORT (100), LONG (500), TOP (30 functions).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
out=$(mktemp -d "${TMPDIR:-/tmp}/svg-callgrind.XXXXXX")
trap 'rm -rf "$out"' EXIT
if [ $# -eq 0 ]; then
    (cd "$root" && swift build -c release --product serving-bench --scratch-path "$scratch" >/dev/null)
    set -- "$scratch/release/serving-bench"
fi
short=${SHORT:-100}; long=${LONG:-500}
for bin in "$@"; do
    for s in ${SCALES:-2}; do
        for n in "$short" "$long"; do
            (cd "$root" && valgrind --tool=callgrind --callgrind-out-file="$out/$n.out" "$bin" "$n" --access-log off \
                --cache-bytes 0 --vary-color --target "/toggle.svg?${QUERY:-on=1}&scale=$s" >/dev/null 2>&1)
        done
        echo "== $bin: /toggle.svg?${QUERY:-on=1}&scale=$s&color=(new each time), uncached, per request"
        python3 "$here/callgrind-diff.py" "$out/$short.out" "$out/$long.out" "$((long - short))" "${TOP:-30}"
    done
done
