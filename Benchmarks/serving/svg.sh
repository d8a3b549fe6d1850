#!/bin/sh
# Uncached SVG against cached PNG: wrk (64 connections, core CLIENT_CPU) against
# toggle-server with --cache-bytes 0 asking uncached.lua's pictures as /toggle.svg (every request
# a new colour: the scene is laid out and written as SVG each time), and against a second
# toggle-server (cache on) answering the cached PNG of run.sh's default query; servers on core
# SERVER_CPU, access log off, alternating rounds, median of per-round ratios (target >= 0.5).
# Usage: Benchmarks/serving/svg.sh [rounds=3] [seconds=6] [connections=64]   Env: SKIP_BUILD=1,
# CACHE_BYTES (the SVG server's --cache-bytes, default 0; with a cache every request is still a
# miss, as every picture is new, but the miss also pays for the key, the insert and evictions;
# 0 also turns off the SVG path data and document templates).
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-6}; conns=${3:-64}
[ "${SKIP_BUILD:-0}" = 1 ] || build_server
lua=$bench_root/Benchmarks/serving/uncached.lua
png='/toggle?on=1&sym=moon.fill&color=indigo&scale=2'
export TOGGLE_PATH=/toggle.svg SCALE=${SCALE:-2}

ps=$(free_port); start_service svg "$ps" --access-log off --cache-bytes "${CACHE_BYTES:-0}"; pid_s=$service_pid
pp=$(free_port); start_service png "$pp" --access-log off; pid_p=$service_pid
curl -sf "http://127.0.0.1:$ps/toggle.svg?on=1&scale=$SCALE" | grep -q '<svg' || { echo "no SVG from the service" >&2; exit 1; }
curl -sf -o /dev/null "http://127.0.0.1:$pp$png"
run_wrk "http://127.0.0.1:$ps/" "$conns" 2 "$lua" >/dev/null
run_wrk "http://127.0.0.1:$pp$png" "$conns" 2 >/dev/null
echo "servers on cpu $SERVER_CPU, wrk -t1 -c$conns -d${secs}s on cpu $CLIENT_CPU; round: uncached SVG req/s p99 ms, cached PNG req/s p99 ms"
: >"$work/rounds"
for r in $(seq 1 "$rounds"); do
    set -- $(run_wrk "http://127.0.0.1:$ps/" "$conns" "$secs" "$lua"); sa=$1; sp=$2
    set -- $(run_wrk "http://127.0.0.1:$pp$png" "$conns" "$secs"); pa=$1; pq=$2
    echo "$r: $sa $sp | $pa $pq"
    echo "$sa $sp $pa $pq" >>"$work/rounds"
done
col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
ratio=$(awk '{ print $1 / $3 }' "$work/rounds" | median)
printf 'median: uncached /toggle.svg (scale %s) %.0f req/s, p99 %.2f ms; cached PNG %.0f req/s, p99 %.2f ms; ratio %.3f (target >= 0.5: %s)\n' \
    "$SCALE" "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" "$ratio" "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.5 ? "met" : "missed") }')"
