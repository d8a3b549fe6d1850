#!/bin/sh
# Where an uncached /toggle.svg request's time goes: instructions per request by
# function and by library, under valgrind --tool=callgrind. serving-bench (server, responder and a
# loopback client in one process) runs with --cache-bytes 0 and --vary-color, so every request
# carries a new colour (as Benchmarks/serving/svg.sh's wrk script does): the query is parsed, the
# scene laid out and the SVG written each time. SHORT and LONG requests; callgrind-diff.py divides
# the difference by LONG - SHORT, so start-up, warm-up and fixed costs cancel out. The total
# includes the in-process client (about 6,000 per request, the same for every build).
# Usage: Benchmarks/profile/svg-callgrind.sh [SERVING_BENCH_BINARY...]  (default: build this tree's)
# Env: SCALES (default "2"), QUERY (default on=1), SHORT (100), LONG (500), TOP (30 functions).
# The measuring is uncached-callgrind.sh's, with ROUTE=/toggle.svg and VARY_COLOR=1.
set -eu
ROUTE=/toggle.svg VARY_COLOR=1 SCALES="${SCALES:-2}" exec "$(dirname "$0")/uncached-callgrind.sh" "$@"
