#!/bin/sh
# Cached requests under a flood of uncached ones: one toggle-server (cache on,
# default 64 MiB) on core SERVER_CPU; on core CLIENT_CPU, one wrk floods it with uncached requests
# (uncached.lua: every request a new picture, so every one is drawn and encoded: at scales 1 and 2
# in the event loop's work queue, larger ones by a responder worker) while a second wrk asks for
# one cached picture. Prints the cached requests' req/s and p99 (target < 5 ms), the flood's req/s,
# p99 and longest wait (bounded by maxResponderQueueWait, 5 s, plus the renders already running),
# and the 503s the bound produced (toggle_http_shed_total). Per round it also prints, from the
# server's /proc/PID/task/*/schedstat, how long its event loop waited for the CPU while runnable
# (other processes on its core, or its own other threads) and the CPU time of its threads other
# than the loops (renders on workers, background work; to 10 ms, the clock tick of
# /proc/PID/stat): what takes the core from the loop.
# Usage: Benchmarks/serving/flood.sh [rounds=3] [seconds=8] [flood connections=64] [cached connections=8]
# Env: SKIP_BUILD=1, LOG=on|off (access log, default off), SCALE (flood pictures' scale, default 1).
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-8}; flood=${3:-64}; cached=${4:-8}
[ "${SKIP_BUILD:-0}" = 1 ] || build_server
lua=$bench_root/Benchmarks/serving/uncached.lua
# thread_times PID: nanoseconds "loops' CPU, loops' run-queue wait, whole process's CPU" so far
# (the process's from /proc/PID/stat, in clock ticks, so that threads that have ended count too).
thread_times() {
    _ticks=$(awk -v hz="$(getconf CLK_TCK)" '{ printf "%.0f", ($14 + $15) * 1e9 / hz }' "/proc/$1/stat")
    for _t in /proc/$1/task/*; do printf '%s %s\n' "$(cat "$_t/comm")" "$(cat "$_t/schedstat")"; done 2>/dev/null |
        awk -v p="$_ticks" '$1 ~ /^http\.loop/ { lc += $(NF-2); lw += $(NF-1) } END { printf "%.0f %.0f %.0f\n", lc, lw, p }'
}
target='/toggle?on=1&sym=moon.fill&color=indigo&scale=2'

port=$(free_port); start_service flood "$port" --access-log "${LOG:-off}"; pid=$service_pid
curl -sf -o /dev/null "http://127.0.0.1:$port$target"
echo "server on cpu $SERVER_CPU; on cpu $CLIENT_CPU: flood wrk -c$flood (uncached.lua) and cached wrk -c$cached, ${secs}s"
echo "round: cached req/s p99 ms | flood req/s p99 ms max ms | 503s (shed) in the round | loop's run-queue wait ms, other threads' CPU ms"
: >"$work/rounds"
for r in $(seq 1 "$rounds"); do
    s0=$(metric "$port" toggle_http_shed_total)
    t0=$(thread_times "$pid")
    taskset -c "$CLIENT_CPU" wrk -t1 -c"$flood" -d"$((secs + 2))s" --latency --timeout 10s -s "$lua" \
        "http://127.0.0.1:$port/" >"$work/flood.out" 2>&1 &
    fw=$!
    sleep 1
    set -- $(run_wrk "http://127.0.0.1:$port$target" "$cached" "$secs"); ca=$1; cp=$2
    t1=$(thread_times "$pid")
    wait "$fw" || true
    set -- $(awk 'function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0;
                                  if (v ~ /s$/) return v * 1000; return v }
                  /^ +Latency +[0-9]/ { max = ms($4) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec:/ { rps = $2 }
                  END { printf "%s %s %s\n", rps + 0, p99 + 0, max + 0 }' "$work/flood.out")
    fa=$1; fp=$2; fm=$3
    [ "$fa" != 0 ] || { echo "flood wrk gave no figures:" >&2; cat "$work/flood.out" >&2; }
    s1=$(metric "$port" toggle_http_shed_total)
    shed=$(awk -v a="$s0" -v b="$s1" 'BEGIN { printf "%d", b - a }')
    set -- $(echo "$t0 $t1" | awk '{ o = ($6 - $3) - ($4 - $1); printf "%.1f %.0f\n", ($5 - $2) / 1e6, (o > 0 ? o : 0) / 1e6 }')
    lw=$1; oc=$2
    echo "$r: $ca $cp | $fa $fp $fm | $shed | $lw $oc"
    echo "$ca $cp $fa $fp $fm $shed $lw $oc" >>"$work/rounds"
done
col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
printf 'median: cached %.0f req/s, p99 %.2f ms (target < 5 ms: %s); flood %.0f req/s, p99 %.1f ms, longest %.1f ms; 503s per round %d; loop waited %.1f ms, other threads %.1f ms CPU per round\n' \
    "$(col 1)" "$(col 2)" "$(awk -v p="$(col 2)" 'BEGIN { print (p < 5 ? "met" : "missed") }')" \
    "$(col 3)" "$(col 4)" "$(col 5)" "$(col 6)" "$(col 7)" "$(col 8)"
