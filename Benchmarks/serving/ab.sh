#!/bin/sh
# A/B of two toggle-server binaries under the cached wrk load of run.sh (same core, same flags):
# rounds of A then B, the median of the per-round ratios B/A for req/s, the p99s, and the
# servers' CPU microseconds per request (user + system, from /proc; independent of the client).
# Usage: Benchmarks/serving/ab.sh BINARY_A BINARY_B [rounds=5] [seconds=5] [flags for both...]
# Example: Benchmarks/serving/ab.sh /tmp/old/toggle-server .build-bench/release/toggle-server 5 5 --access-log off
set -eu
. "$(dirname "$0")/common.sh"
a=$1; b=$2; rounds=${3:-5}; secs=${4:-5}; shift 2; [ $# -gt 0 ] && shift; [ $# -gt 0 ] && shift
target=${PATH_QUERY:-/toggle?on=1}
pa=$(free_port); SERVER_BIN=$a SERVICE_LOG=/dev/null start_service a "$pa" "$@"; pid_a=$service_pid
pb=$(free_port); SERVER_BIN=$b SERVICE_LOG=/dev/null start_service b "$pb" "$@"; pid_b=$service_pid
run_wrk "http://127.0.0.1:$pa$target" 64 2 >/dev/null; run_wrk "http://127.0.0.1:$pb$target" 64 2 >/dev/null
: >"$work/rounds"
for r in $(seq 1 "$rounds"); do
    set -- $(measure "http://127.0.0.1:$pa$target" "$pid_a" 64 "$secs"); ra=$1; la=$2; ca=$3
    set -- $(measure "http://127.0.0.1:$pb$target" "$pid_b" 64 "$secs"); rb=$1; lb=$2; cb=$3
    echo "$r: A $ra req/s p99 $la ms $ca CPU us/req, B $rb req/s p99 $lb ms $cb CPU us/req"
    echo "$ra $la $rb $lb $ca $cb" >>"$work/rounds"
done
printf 'median B/A req/s ratio %.3f; median p99 A %.2f ms, B %.2f ms; CPU us/req A %.1f, B %.1f, A/B %.3f\n' \
    "$(awk '{ print $3 / $1 }' "$work/rounds" | median)" \
    "$(awk '{ print $2 }' "$work/rounds" | median)" "$(awk '{ print $4 }' "$work/rounds" | median)" \
    "$(awk '{ print $5 }' "$work/rounds" | median)" "$(awk '{ print $6 }' "$work/rounds" | median)" \
    "$(awk '{ print $5 / $6 }' "$work/rounds" | median)"
