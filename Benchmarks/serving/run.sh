#!/bin/sh
# Serving, cached: wrk against toggle-server and against nginx-light (one worker)
# serving a byte-identical PNG. Servers on core SERVER_CPU (0), wrk on CLIENT_CPU (1), 64
# connections. Each round runs, back to back: nginx, service with --access-log off, service with
# --access-log on (the default); the ratios of each round are taken and their median printed.
# nginx logs access in the "log on" comparison and not in the "log off" one.
# Usage: Benchmarks/serving/run.sh [rounds=3] [seconds=10] [connections=64]
# Env: PATH_QUERY (default /toggle?on=1&sym=moon.fill&color=indigo&scale=2), SKIP_BUILD=1, SCRATCH (build dir, default .build-bench).
#      BUSY_CPU=N: a busy loop pinned to core N runs through the rounds (another process busy
#      beside the servers: the p99 comparison under contention).
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-10}; conns=${3:-64}
target=${PATH_QUERY:-/toggle?on=1&sym=moon.fill&color=indigo&scale=2}

[ "${SKIP_BUILD:-0}" = 1 ] || build_server

p_off=$(free_port); start_service log-off "$p_off" --access-log off; pid_off=$service_pid
p_on=$(free_port); start_service log-on "$p_on" --access-log on; pid_on=$service_pid
mkdir -p "$work/www"
curl -sf -o "$work/www/toggle.png" "http://127.0.0.1:$p_off$target"
chmod 644 "$work/www/toggle.png"
n_off=$(free_port); start_nginx "$n_off" "$work/www" off; nginx_off_pid=$nginx_pid
n_on=$(free_port); start_nginx "$n_on" "$work/www" on; nginx_on_pid=$nginx_pid
curl -sf "http://127.0.0.1:$n_off/toggle.png" | cmp -s - "$work/www/toggle.png" || { echo "nginx body differs" >&2; exit 1; }
curl -sf "http://127.0.0.1:$p_on$target" | cmp -s - "$work/www/toggle.png" || { echo "service body differs" >&2; exit 1; }
bytes=$(wc -c <"$work/www/toggle.png")
echo "PNG: $target, $bytes bytes, byte-identical from both servers"
echo "servers on cpu $SERVER_CPU, wrk -t1 -c$conns -d${secs}s on cpu $CLIENT_CPU, $rounds rounds"
echo "(only one server runs load at a time; the idle ones sleep)"

# Warm-up (cache filled, code paged in).
for u in "http://127.0.0.1:$p_off$target" "http://127.0.0.1:$p_on$target" \
         "http://127.0.0.1:$n_off/toggle.png" "http://127.0.0.1:$n_on/toggle.png"; do
    run_wrk "$u" "$conns" 2 >/dev/null
done

if [ -n "${BUSY_CPU:-}" ]; then
    taskset -c "$BUSY_CPU" sh -c 'while :; do :; done' &
    pids="$pids $!"
    echo "a busy loop runs on cpu $BUSY_CPU through every round"
fi
: >"$work/rounds"
echo "round: req/s, p99 ms and server CPU us per request of nginx, service log off, nginx with access log, service log on"
for r in $(seq 1 "$rounds"); do
    a=$(measure "http://127.0.0.1:$n_off/toggle.png" "$nginx_off_pid" "$conns" "$secs")
    b=$(measure "http://127.0.0.1:$p_off$target" "$pid_off" "$conns" "$secs")
    c=$(measure "http://127.0.0.1:$n_on/toggle.png" "$nginx_on_pid" "$conns" "$secs")
    d=$(measure "http://127.0.0.1:$p_on$target" "$pid_on" "$conns" "$secs")
    echo "$r: $a | $b | $c | $d"
    echo "$a $b $c $d" >>"$work/rounds"
done

col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
ratio() { awk -v a="$1" -v b="$2" '{ print $a / $b }' "$work/rounds" | median; }
echo
echo "median over $rounds rounds (ratios service / nginx within each round; target: req/s >= 1.3, p99 <= nginx's;"
echo "CPU ratio = nginx CPU per request / service CPU per request, the client-independent efficiency):"
printf 'log off: service %.0f req/s, nginx %.0f req/s, ratio %.3f; p99 service %.2f ms, nginx %.2f ms; CPU us/req service %.1f, nginx %.1f, ratio %.3f\n' \
    "$(col 4)" "$(col 1)" "$(ratio 4 1)" "$(col 5)" "$(col 2)" "$(col 6)" "$(col 3)" "$(ratio 3 6)"
printf 'log on:  service %.0f req/s, nginx %.0f req/s, ratio %.3f; p99 service %.2f ms, nginx %.2f ms; CPU us/req service %.1f, nginx %.1f, ratio %.3f\n' \
    "$(col 10)" "$(col 7)" "$(ratio 10 7)" "$(col 11)" "$(col 8)" "$(col 12)" "$(col 9)" "$(ratio 9 12)"
printf 'service log on / log off: req/s %.3f\n' "$(ratio 10 4)"
verdict() {  # verdict NAME RPS_SERVICE_COL RPS_NGINX_COL P99_SERVICE_COL P99_NGINX_COL
    awk -v n="$1" -v r="$(ratio "$2" "$3")" -v ps="$(col "$4")" -v pn="$(col "$5")" 'BEGIN {
        printf "cached, %s: req/s ratio %.3f (>= 1.3: %s), p99 %.2f vs %.2f ms (<= nginx: %s)\n",
            n, r, (r >= 1.3 ? "met" : "missed"), ps, pn, (ps <= pn ? "met" : "missed") }'
}
verdict "log off" 4 1 5 2
verdict "log on" 10 7 11 8
