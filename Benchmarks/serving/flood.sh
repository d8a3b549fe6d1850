#!/bin/sh
# Cached requests under a flood of uncached ones (issue 16, item 5): one toggle-server (cache on,
# default 64 MiB) on core SERVER_CPU; on core CLIENT_CPU, one wrk floods it with uncached requests
# (uncached.lua: every request a new picture, so every one is drawn and encoded: at scales 1 and 2
# in the event loop's work queue, larger ones by a responder worker) while a second wrk asks for
# one cached picture. Prints the cached requests' req/s and p99 (target < 5 ms), the flood's req/s,
# p99 and longest wait (bounded by maxResponderQueueWait, 5 s, plus the renders already running),
# and the 503s the bound produced (toggle_http_shed_total).
# Usage: Benchmarks/serving/flood.sh [rounds=3] [seconds=8] [flood connections=64] [cached connections=8]
# Env: SKIP_BUILD=1, LOG=on|off (access log, default off), SCALE (flood pictures' scale, default 1).
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-8}; flood=${3:-64}; cached=${4:-8}
[ "${SKIP_BUILD:-0}" = 1 ] || build_server
lua=$bench_root/Benchmarks/serving/uncached.lua
target='/toggle?on=1&sym=moon.fill&color=indigo&scale=2'

port=$(free_port); start_service flood "$port" --access-log "${LOG:-off}"; pid=$service_pid
curl -sf -o /dev/null "http://127.0.0.1:$port$target"
echo "server on cpu $SERVER_CPU; on cpu $CLIENT_CPU: flood wrk -c$flood (uncached.lua) and cached wrk -c$cached, ${secs}s"
echo "round: cached req/s p99 ms | flood req/s p99 ms max ms | 503s (shed) in the round"
: >"$work/rounds"
for r in $(seq 1 "$rounds"); do
    s0=$(metric "$port" toggle_http_shed_total)
    taskset -c "$CLIENT_CPU" wrk -t1 -c"$flood" -d"$((secs + 2))s" --latency --timeout 10s -s "$lua" \
        "http://127.0.0.1:$port/" >"$work/flood.out" 2>&1 &
    fw=$!
    sleep 1
    set -- $(run_wrk "http://127.0.0.1:$port$target" "$cached" "$secs"); ca=$1; cp=$2
    wait "$fw" || true
    set -- $(awk 'function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0;
                                  if (v ~ /s$/) return v * 1000; return v }
                  /^ +Latency +[0-9]/ { max = ms($4) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec:/ { rps = $2 }
                  END { printf "%s %s %s\n", rps + 0, p99 + 0, max + 0 }' "$work/flood.out")
    fa=$1; fp=$2; fm=$3
    [ "$fa" != 0 ] || { echo "flood wrk gave no figures:" >&2; cat "$work/flood.out" >&2; }
    s1=$(metric "$port" toggle_http_shed_total)
    shed=$(awk -v a="$s0" -v b="$s1" 'BEGIN { printf "%d", b - a }')
    echo "$r: $ca $cp | $fa $fp $fm | $shed"
    echo "$ca $cp $fa $fp $fm $shed" >>"$work/rounds"
done
col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
printf 'median: cached %.0f req/s, p99 %.2f ms (target < 5 ms: %s); flood %.0f req/s, p99 %.1f ms, longest %.1f ms; 503s per round %d\n' \
    "$(col 1)" "$(col 2)" "$(awk -v p="$(col 2)" 'BEGIN { print (p < 5 ? "met" : "missed") }')" \
    "$(col 3)" "$(col 4)" "$(col 5)" "$(col 6)"
