# Shared helpers for Benchmarks/serving and Benchmarks/memory (sourced, not run).
# Helpers' own variables start with "_" (sh has no locals), so they never clobber the caller's.
# Loopback only; every server is started here and stopped by its own pid on exit.

bench_root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$bench_root/.build-bench}
server_bin=${SERVER_BIN:-$scratch/release/toggle-server}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/toggle-bench.XXXXXX")
chmod 755 "$work"
pids=""

cleanup() {
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    for p in $pids; do wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

build_server() {
    SCRATCH="$scratch" "$bench_root/Benchmarks/build.sh" toggle-server
}

# A free loopback TCP port.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# start_service NAME PORT [flags...]: toggle-server on SERVER_CPU, log to $work/NAME.log; sets service_pid.
start_service() {
    _name=$1; _port=$2; shift 2
    taskset -c "$SERVER_CPU" "${SERVER_BIN:-$server_bin}" --host 127.0.0.1 --port "$_port" \
        --public-dir "$bench_root/Public" "$@" >"${SERVICE_LOG:-$work/$_name.log}" 2>&1 &
    service_pid=$!
    pids="$pids $service_pid"
    wait_port "$_port" /healthz
}

# start_nginx PORT ROOT ACCESS_LOG(on|off): nginx-light, one worker, on SERVER_CPU; sets nginx_pid.
start_nginx() {
    _port=$1; _root=$2; _log=$3
    _conf=$work/nginx-$_port.conf
    sed -e "s|@PORT@|$_port|g" -e "s|@ROOT@|$_root|g" -e "s|@WORK@|$work|g" \
        "$bench_root/Benchmarks/serving/nginx.conf.in" >"$_conf"
    if [ "$_log" = off ]; then sed -i 's|^\( *\)access_log .*|\1access_log off;|' "$_conf"; fi
    mkdir -p "$work/nginx-$_port"
    taskset -c "$SERVER_CPU" nginx -p "$work/nginx-$_port" -c "$_conf" -e "$work/nginx-$_port/error.log" &
    nginx_pid=$!
    pids="$pids $nginx_pid"
    wait_port "$_port" /toggle.png
}

wait_port() {
    for _ in $(seq 1 1200); do
        curl -s -o /dev/null "http://127.0.0.1:$1${2:-/}" && return 0
        sleep 0.05
    done
    echo "server on port $1 did not start" >&2; exit 1
}

stop_pid() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
    pids=$(echo "$pids" | tr ' ' '\n' | grep -vx "$1" | tr '\n' ' ')
}

# run_wrk URL CONNECTIONS SECONDS [lua]: prints "req_per_s p99_ms requests".
run_wrk() {
    _url=$1; _conns=$2; _secs=$3; _script=${4:-}
    set -- -t1 -c"$_conns" -d"${_secs}s" --latency --timeout 5s
    [ -n "$_script" ] && set -- "$@" -s "$_script"
    taskset -c "$CLIENT_CPU" wrk "$@" "$_url" | awk '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0;
                         if (v ~ /s$/) return v * 1000; return v }
        /^ +99%/ { p99 = ms($2) }
        /^Requests\/sec:/ { rps = $2 }
        /Non-2xx or 3xx responses:/ { bad = $NF }
        /Socket errors:/ { err = $0 }
        / requests in / { n = $1 }
        END { if (bad) print "wrk: non-2xx responses: " bad > "/dev/stderr";
              if (err) print "wrk: " err > "/dev/stderr";
              printf "%s %s %s\n", rps, p99, n }'
}

# CPU seconds used so far by a process and its children (nginx: master and worker).
cpu_tree() {
    for p in $1 $(pgrep -P "$1" || true); do cpu_seconds "$p"; done | awk '{ s += $1 } END { print s }'
}

# measure URL PID CONNECTIONS SECONDS [lua]: prints "req_per_s p99_ms server_cpu_us_per_request".
# CPU per request is the server's own cost (user + system), whatever limits the client.
measure() {
    _c0=$(cpu_tree "$2")
    set -- $(run_wrk "$1" "$3" "$4" ${5:-}) "$2"
    _c1=$(cpu_tree "$4")
    awk -v r="$1" -v p="$2" -v n="$3" -v a="$_c0" -v b="$_c1" 'BEGIN { printf "%s %s %.2f\n", r, p, (b - a) * 1e6 / n }'
}

# median of numbers on stdin
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# CPU seconds (user + system) a process has used so far.
cpu_seconds() {
    awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$1/stat"
}

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# A metric's value from the service's /metrics (sums series that match the pattern).
metric() {
    curl -s "http://127.0.0.1:$1/metrics" | awk -v pat="$2" '$0 !~ /^#/ && index($1, pat) == 1 { s += $2 } END { printf "%.6f\n", s }'
}
