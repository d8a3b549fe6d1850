#!/bin/sh
# Serving, uncached: wrk with uncached.lua (every request a new picture) against
# toggle-server with --cache-bytes 0, so every request renders and encodes, at each scale of SCALES.
# The reference in the same run is nginx-light (one worker, access log off) serving the cached PNG
# of the same toggle at that scale (target: uncached >= 0.16x nginx). Server and nginx on core
# SERVER_CPU, wrk on CLIENT_CPU, 64 connections, access log off, rounds alternate A/B.
# Prints req/s, p99, the render share (seconds inside render+encode, the service's
# toggle_render_duration_seconds_sum, over the server's CPU seconds from /proc, in the same
# interval; the render clock is wall time, so on a saturated core it is an upper bound) and the
# median ratio uncached / nginx.
# Usage: Benchmarks/serving/uncached.sh [rounds=3] [seconds=10] [connections=64]
# Env: SCALES (default "1 2"), SKIP_BUILD=1, SERVER_BIN (the build to measure), BASELINE_BIN (an
# older build, e.g. main's, also run uncached in every round: prints new / baseline req/s too),
# CACHE_BYTES (both services' --cache-bytes, default 0; with a cache every request is still a
# miss, as every picture is new, but the miss also pays for the key, the insert and evictions;
# 0 also turns off the PNG encoder's image-data reuse, so off toggles run zlib too).
set -eu
. "$(dirname "$0")/common.sh"
rounds=${1:-3}; secs=${2:-10}; conns=${3:-64}
[ "${SKIP_BUILD:-0}" = 1 ] || build_server
lua=$bench_root/Benchmarks/serving/uncached.lua

pu=$(free_port); start_service uncached "$pu" --access-log off --cache-bytes "${CACHE_BYTES:-0}"; pid_u=$service_pid
pb=""
if [ -n "${BASELINE_BIN:-}" ]; then
    pb=$(free_port); SERVER_BIN=$BASELINE_BIN start_service baseline "$pb" --access-log off --cache-bytes "${CACHE_BYTES:-0}"
fi
echo "server and nginx on cpu $SERVER_CPU, wrk -t1 -c$conns -d${secs}s on cpu $CLIENT_CPU"
for scale in ${SCALES:-1 2}; do
    export SCALE=$scale
    mkdir -p "$work/www-$scale"
    curl -sf -o "$work/www-$scale/toggle.png" "http://127.0.0.1:$pu/toggle?on=1&scale=$scale"
    chmod 755 "$work/www-$scale"; chmod 644 "$work/www-$scale/toggle.png"
    pn=$(free_port); start_nginx "$pn" "$work/www-$scale" off; pid_n=$nginx_pid
    run_wrk "http://127.0.0.1:$pu/" "$conns" 2 "$lua" >/dev/null
    run_wrk "http://127.0.0.1:$pn/toggle.png" "$conns" 2 >/dev/null
    [ -z "$pb" ] || run_wrk "http://127.0.0.1:$pb/" "$conns" 2 "$lua" >/dev/null
    echo "scale $scale ($(wc -c <"$work/www-$scale/toggle.png") B cached PNG); round: uncached req/s p99 ms, render share, nginx req/s p99 ms${pb:+, baseline uncached req/s p99 ms}"
    : >"$work/rounds"
    for r in $(seq 1 "$rounds"); do
        r0=$(metric "$pu" toggle_render_duration_seconds_sum); c0=$(cpu_seconds "$pid_u")
        set -- $(run_wrk "http://127.0.0.1:$pu/" "$conns" "$secs" "$lua"); ua=$1; up=$2
        r1=$(metric "$pu" toggle_render_duration_seconds_sum); c1=$(cpu_seconds "$pid_u")
        share=$(awk -v a="$r0" -v b="$r1" -v c="$c0" -v d="$c1" 'BEGIN { printf "%.3f", (b - a) / (d - c) }')
        set -- $(run_wrk "http://127.0.0.1:$pn/toggle.png" "$conns" "$secs"); na=$1; np=$2
        ba=""; bp=""
        if [ -n "$pb" ]; then set -- $(run_wrk "http://127.0.0.1:$pb/" "$conns" "$secs" "$lua"); ba=$1; bp=$2; fi
        echo "$r: $ua $up $share $na $np $ba $bp"
        echo "$ua $up $share $na $np $ba $bp" >>"$work/rounds"
    done
    col() { awk -v c="$1" '{ print $c }' "$work/rounds" | median; }
    printf 'scale %s median: uncached %.0f req/s, p99 %.2f ms; render share %.2f; nginx cached %.0f req/s; uncached/nginx %.4f (target >= 0.16)\n' \
        "$scale" "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" "$(awk '{ print $1 / $4 }' "$work/rounds" | median)"
    [ -z "$pb" ] || printf 'scale %s median: baseline %.0f req/s, p99 %.2f ms; new / baseline %.3f (target >= 3)\n' \
        "$scale" "$(col 6)" "$(col 7)" "$(awk '{ print $1 / $6 }' "$work/rounds" | median)"
    stop_pid "$pid_n"
done
