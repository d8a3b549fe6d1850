#!/bin/sh
# Serving, uncached (issue 9, item 2): wrk with uncached.lua (every request a new picture) against
# toggle-server with --cache-bytes 0, so every request renders and encodes. Server on core
# SERVER_CPU, wrk on CLIENT_CPU, 64 connections, access log off. Each round also runs the cached
# service (same binary, /toggle?on=1) as the in-run reference. Prints req/s, p99, the ratio
# uncached / cached, and the render share: seconds inside render+encode (the service's
# toggle_render_duration_seconds_sum) over the server's CPU seconds (/proc), in the same interval.
# The render clock is wall time, so on a saturated single core it includes preemption: an upper bound.
# Usage: Benchmarks/serving/uncached.sh [rounds=3] [seconds=10] [connections=64]
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-10}; conns=${3:-64}
[ "${SKIP_BUILD:-0}" = 1 ] || build_server
lua=$bench_root/Benchmarks/serving/uncached.lua

pu=$(free_port); start_service uncached "$pu" --access-log off --cache-bytes 0; pid_u=$service_pid
pc=$(free_port); start_service cached "$pc" --access-log off; pid_c=$service_pid
run_wrk "http://127.0.0.1:$pu/" "$conns" 2 "$lua" >/dev/null
run_wrk "http://127.0.0.1:$pc/toggle?on=1" "$conns" 2 >/dev/null
echo "server on cpu $SERVER_CPU, wrk -t1 -c$conns -d${secs}s on cpu $CLIENT_CPU; round: uncached req/s p99 ms, render share, cached req/s p99 ms"
: >"$work/rounds"
for r in $(seq 1 "$rounds"); do
    r0=$(metric "$pu" toggle_render_duration_seconds_sum); c0=$(cpu_seconds "$pid_u")
    set -- $(run_wrk "http://127.0.0.1:$pu/" "$conns" "$secs" "$lua"); ua=$1; up=$2
    r1=$(metric "$pu" toggle_render_duration_seconds_sum); c1=$(cpu_seconds "$pid_u")
    share=$(awk -v a="$r0" -v b="$r1" -v c="$c0" -v d="$c1" 'BEGIN { printf "%.3f", (b - a) / (d - c) }')
    set -- $(run_wrk "http://127.0.0.1:$pc/toggle?on=1" "$conns" "$secs"); ca=$1; cp=$2
    echo "$r: $ua $up $share $ca $cp"
    echo "$ua $up $share $ca $cp" >>"$work/rounds"
done
col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
printf 'median: uncached %.0f req/s, p99 %.2f ms; render share %.2f; cached %.0f req/s; uncached/cached %.4f\n' \
    "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" "$(awk '{ print $1 / $4 }' "$work/rounds" | median)"
