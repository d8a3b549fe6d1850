#!/bin/sh
# Memory: toggle-server's resident size (VmRSS) after start-up, with 10,000 idle
# keep-alive connections (each has had one response), and before and after one million requests.
# The million are cached GETs over 64 connections (wrk, in slices, RSS sampled after each), after
# a warm-up that fills the cache with the 256 pictures mixed.lua asks for. Access log on, to /dev/null.
# Usage: Benchmarks/memory/run.sh [connections=10000] [requests=1000000]
set -eu
. "$(dirname "$0")/../serving/common.sh"
idle=${1:-10000}; total=${2:-1000000}
[ "${SKIP_BUILD:-0}" = 1 ] || build_server
ulimit -n "$(ulimit -Hn)"
[ "$(ulimit -n)" -gt "$((idle + 100))" ] || { echo "ulimit -n $(ulimit -n) is too low for $idle connections" >&2; exit 1; }

port=$(free_port)
SERVICE_LOG=/dev/null start_service memory "$port" --max-connections $((idle + 1000)) --idle-timeout 600
pid=$service_pid
curl -s -o /dev/null "http://127.0.0.1:$port/toggle?on=1"
base=$(rss_kib "$pid")
echo "after start-up and one request: $((base / 1024)) MiB ($base KiB)"

mkfifo "$work/hold.in"
python3 "$bench_root/Benchmarks/memory/hold.py" "$port" "$idle" <"$work/hold.in" >"$work/hold.out" &
holder=$!; pids="$pids $holder"
exec 3>"$work/hold.in"
until grep -q open "$work/hold.out" 2>/dev/null; do sleep 0.5; done
sleep 1
open=$(metric "$port" toggle_http_open_connections)
held=$(rss_kib "$pid")
printf 'with %d idle keep-alive connections (server counts %.0f open): %d MiB (%d KiB), %.1f KiB per connection; target <= 50 MiB\n' \
    "$idle" "$open" "$((held / 1024))" "$held" "$(awk -v a="$held" -v b="$base" -v n="$idle" 'BEGIN { print (a - b) / n }')"
exec 3>&-
wait "$holder" 2>/dev/null || true
sleep 2
echo "after closing them: $(( $(rss_kib "$pid") / 1024 )) MiB"

lua=$bench_root/Benchmarks/memory/mixed.lua
requests() { metric "$port" toggle_http_requests_total | awk '{ printf "%d\n", $1 }'; }
run_wrk "http://127.0.0.1:$port/" 64 5 "$lua" >/dev/null   # warm-up: fills the cache
start=$(requests); before=$(rss_kib "$pid")
echo "before $total requests (after $start): $before KiB"
while [ $(( $(requests) - start )) -lt "$total" ]; do
    run_wrk "http://127.0.0.1:$port/" 64 10 "$lua" >/dev/null
    echo "  after $(( $(requests) - start )) requests: $(rss_kib "$pid") KiB"
done
after=$(rss_kib "$pid")
printf 'after %d requests: %d KiB; growth %d KiB (%.2f%%)\n' "$(( $(requests) - start ))" "$after" \
    "$((after - before))" "$(awk -v a="$after" -v b="$before" 'BEGIN { print (a - b) * 100 / b }')"
