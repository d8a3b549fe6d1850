#!/bin/sh
# Serving, cached (issue 9, item 1): wrk against toggle-server and against nginx-light (one worker)
# serving a byte-identical PNG. Servers on core SERVER_CPU (0), wrk on CLIENT_CPU (1), 64
# connections. Each round runs, back to back: nginx, service with --access-log off, service with
# --access-log on (the default); the ratios of each round are taken and their median printed.
# nginx logs access in the "log on" comparison and not in the "log off" one.
# Usage: Benchmarks/serving/run.sh [rounds=3] [seconds=10] [connections=64]
# Env: PATH_QUERY (default /toggle?on=1), SKIP_BUILD=1, SCRATCH (build dir, default .build-bench).
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-10}; conns=${3:-64}
target=${PATH_QUERY:-/toggle?on=1}

[ "${SKIP_BUILD:-0}" = 1 ] || build_server

p_off=$(free_port); start_service log-off "$p_off" --access-log off; pid_off=$service_pid
p_on=$(free_port); start_service log-on "$p_on" --access-log on; pid_on=$service_pid
mkdir -p "$work/www"
curl -sf -o "$work/www/toggle.png" "http://127.0.0.1:$p_off$target"
chmod 644 "$work/www/toggle.png"
n_off=$(free_port); start_nginx "$n_off" "$work/www" off
n_on=$(free_port); start_nginx "$n_on" "$work/www" on
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

: >"$work/rounds"
echo "round: req/s and p99 ms of nginx, service log off, nginx with access log, service log on"
for r in $(seq 1 "$rounds"); do
    set -- $(run_wrk "http://127.0.0.1:$n_off/toggle.png" "$conns" "$secs"); na=$1; np=$2
    set -- $(run_wrk "http://127.0.0.1:$p_off$target" "$conns" "$secs"); sa=$1; sp=$2
    set -- $(run_wrk "http://127.0.0.1:$n_on/toggle.png" "$conns" "$secs"); nla=$1; nlp=$2
    set -- $(run_wrk "http://127.0.0.1:$p_on$target" "$conns" "$secs"); sla=$1; slp=$2
    printf '%-5s %12s %9s %12s %9s %12s %9s %12s %9s\n' "$r" "$na" "$np" "$sa" "$sp" "$nla" "$nlp" "$sla" "$slp"
    echo "$na $np $sa $sp $nla $nlp $sla $slp" >>"$work/rounds"
done

col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
ratio() { awk -v a="$1" -v b="$2" '{ print $a / $b }' "$work/rounds" | median; }
echo
echo "median over $rounds rounds (ratio = service / nginx in the same round; >= 0.8 is the target):"
printf 'log off: service %.0f req/s, nginx %.0f req/s, ratio %.3f; p99 service %.3f ms, nginx %.3f ms\n' \
    "$(col 3)" "$(col 1)" "$(ratio 3 1)" "$(col 4)" "$(col 2)"
printf 'log on:  service %.0f req/s, nginx %.0f req/s, ratio %.3f; p99 service %.3f ms, nginx %.3f ms\n' \
    "$(col 7)" "$(col 5)" "$(ratio 7 5)" "$(col 8)" "$(col 6)"
printf 'log on / log off (service): %.3f\n' "$(ratio 7 3)"
