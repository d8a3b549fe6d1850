#!/bin/sh
# The worst single requests, with the cache off: instructions (callgrind) and peak memory above
# the idle RSS for each, against the bounds 250 M instructions and 32 MiB (or a 400 that names
# what makes the request large, which meets the bound).
# Instructions: one toggle-server --cache-bytes 0 under valgrind --tool=callgrind, started once
# with instrumentation off (--instr-atstart=no, so start-up runs at valgrind's uninstrumented
# speed: seconds, not minutes) and warmed by a toggle and a one-word row (fonts loaded). Each
# request is made twice, instrumentation off for the first (first-use work of its code path:
# Swift metadata, lazy tables) and on for the second, which is counted: callgrind_control -z,
# -i on, the request (curl), -i off, -d; the dump's totals are every thread's instructions
# together (--separate-threads=no), so render workers count. An idle window counts about 1,300
# instructions a second (timers), a cached /toggle?on=1 about 40,000 and an uncached one about
# 546,000; the same request counted again differs by less than 1 %.
# Memory: a fresh toggle-server --cache-bytes 0 per request; after a warm-up (a toggle and a
# one-word row, so fonts are loaded) its VmRSS is the idle figure, the peak is reset
# (/proc/PID/clear_refs 5), the request is made, and VmHWM minus idle is the request's memory.
# Usage: Benchmarks/worst/run.sh [NAME...]   (default: every worst request below; names: row-anim,
#        toggle-anim, row-big, card, card-largest, card-long, cjk, emoji; "edge" for the requests
#        still accepted at the bounds: the animations toggle-anim-edge, toggle-anim-10fps,
#        button-anim and the stills row-edge, cjk-edge, emoji-edge, card-edge, flat-edge, card-long-edge,
#        level6-edge, toggle-label-edge, card-best-edge, toggle-best-edge; a NAME that starts
#        with "/" is taken as the request's target)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../serving/common.sh"
build_server
export SWIFT_DETERMINISTIC_HASHING=1

enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1] * int(sys.argv[2]), safe=""))' "$1" "$2"; }
w200=$(enc W 200)
cjk200=$(enc 漢 200)
emoji200=$(enc 😀 200)
emoji60=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("".join(chr(0x1F300 + i) for i in range(60)), safe=""))')
latin198=$(enc "Automatic updates " 11)
rows() {  # rows N LABEL: N rows of LABEL, switched on
    _q=""; _n=1
    while [ "$_n" -le "$1" ]; do _q="$_q&row$_n.label=$2&row$_n.on=1"; _n=$((_n + 1)); done
    echo "$_q"
}
card() {  # card SCALE: 12 rows of 200 W at accessibility5, width 1200
    _q="size=accessibility5&width=1200&scale=$1"
    for _n in 1 2 3 4 5 6 7 8 9 10 11 12; do _q="$_q&row$_n.label=$w200&row$_n.on=1"; done
    echo "/card?$_q"
}
target() {
    case $1 in
        row-anim) echo "/row?label=$w200&width=1200&scale=1&size=xSmall&animate=1&loop=1&fps=60&style=button&on=1" ;;
        toggle-anim) echo "/toggle@4x.png?animate=1&loop=1&fps=60&size=accessibility5&on=1" ;;
        row-big) echo "/row?label=$w200&width=1200&scale=3&size=accessibility5" ;;
        card) card 4 ;;
        card-largest) card "${CARD_SCALE:-1.25}" ;;
        cjk) echo "/row?label=$cjk200&width=1200&scale=${CJK_SCALE:-3}&size=${CJK_SIZE:-accessibility5}" ;;
        emoji) echo "/row?label=$emoji200&width=1200&scale=${EMOJI_SCALE:-3}&size=${EMOJI_SIZE:-accessibility5}" ;;
        card-long) echo "/card?width=1200$(rows 12 "$latin198")" ;;
        row-edge) echo "/row?label=$w200&width=1200&scale=1.15&size=accessibility5" ;;  # 1.08 M px
        cjk-edge) echo "/row?label=$cjk200&width=1200&scale=1&size=accessibility3" ;;
        emoji-edge) echo "/row?label=$emoji60&width=1200&scale=2" ;;  # 60 distinct emoji
        card-edge) echo "/card?scale=2.5$(rows 12 Setting)" ;;  # 1.66 M px
        flat-edge) echo "/row?label=Wi-Fi&width=1200&scale=4&size=accessibility5" ;;  # 1.73 M px
        card-long-edge) echo "/card?width=1200$(rows 5 "$latin198")" ;;
        level6-edge) echo "/row?label=$w200&width=1200&scale=2.5" ;;  # 495,000 px: zlib level 6
        toggle-label-edge) echo "/toggle?label=$cjk200&style=button&scale=2" ;;
        card-best-edge) echo "/card?scale=2.5" ;;  # the seed card at zlib level 6 (at 3: level 3)
        toggle-best-edge) echo "/toggle?scale=4&pad=40&size=accessibility5&on=1&color=indigo" ;;  # level 8
        toggle-anim-edge) echo "/toggle@4x.png?animate=1&loop=1&fps=60&on=1" ;;
        toggle-anim-10fps) echo "/toggle@4x.png?animate=1&fps=10&size=accessibility5&on=1" ;;
        button-anim) echo "/row?label=Wi-Fi&style=button&on=1&animate=1&loop=1&fps=60&scale=3.5" ;;
        /*) echo "$1" ;;
        *) echo "unknown request $1" >&2; exit 2 ;;
    esac
}

# The server that instructions() asks: valgrind starts once, instrumentation off until asked.
cg_port=$(free_port)
taskset -c "$SERVER_CPU" valgrind --tool=callgrind --instr-atstart=no --separate-threads=no \
    --callgrind-out-file="$work/cg.out" "$server_bin" --host 127.0.0.1 --port "$cg_port" \
    --public-dir "$bench_root/Public" --cache-bytes "${CACHE_BYTES:-0}" --access-log off >"$work/callgrind.log" 2>&1 &
cg_pid=$!
pids="$pids $cg_pid"
wait_port "$cg_port" /healthz
curl -s -o /dev/null "http://127.0.0.1:$cg_port/toggle.png?on=1"
curl -s -o /dev/null "http://127.0.0.1:$cg_port/row?label=Wi-Fi"

instructions() {  # instructions TARGET: one request's instructions, uncached (its second time)
    curl -s -o /dev/null "http://127.0.0.1:$cg_port$1"
    callgrind_control -z "$cg_pid" >/dev/null 2>&1
    callgrind_control -i on "$cg_pid" >/dev/null 2>&1
    curl -s -o /dev/null "http://127.0.0.1:$cg_port$1"
    sleep 0.5  # work the server does after the response's last byte (releases) counts too
    callgrind_control -i off "$cg_pid" >/dev/null 2>&1
    rm -f "$work"/cg.out.*
    callgrind_control -d "$cg_pid" >/dev/null 2>&1
    set -- "$work"/cg.out.*
    [ $# = 1 ] && [ -f "$1" ] || { echo "no callgrind dump (see $work/callgrind.log)" >&2; exit 1; }
    sed -n 's/^totals: *//p' "$1"
}

memory() {  # memory TARGET: "STATUS BYTES KiB-above-idle" from a fresh server
    _port=$(free_port)
    start_service worst "$_port" --cache-bytes "${CACHE_BYTES:-0}" --access-log off
    curl -s -o /dev/null "http://127.0.0.1:$_port/toggle.png?on=1"
    curl -s -o /dev/null "http://127.0.0.1:$_port/row?label=Wi-Fi"
    _idle=$(awk '/^VmRSS/ {print $2}' "/proc/$service_pid/status")
    echo 5 >"/proc/$service_pid/clear_refs"
    _res=$(curl -s -o "$work/body" -w '%{http_code} %{size_download}' "http://127.0.0.1:$_port$1")
    _peak=$(awk '/^VmHWM/ {print $2}' "/proc/$service_pid/status")
    [ "${_res%% *}" = 400 ] && echo "  400: $(head -c 400 "$work/body")" >&2
    kill "$service_pid"; wait "$service_pid" 2>/dev/null || true
    echo "$_res $((_peak - _idle))"
}

[ $# -gt 0 ] || set -- row-anim toggle-anim row-big card card-largest card-long cjk emoji
names=""
for name in "$@"; do
    case $name in
        edge) names="$names toggle-anim-edge toggle-anim-10fps button-anim row-edge cjk-edge emoji-edge"
              names="$names card-edge flat-edge"
              names="$names card-long-edge level6-edge toggle-label-edge card-best-edge toggle-best-edge" ;;
        *) names="$names $name" ;;
    esac
done
printf '%-17s %6s %9s %13s %6s %9s %6s  %s\n' request status bytes instructions /250M "MiB>idle" /32MiB verdict
for name in $names; do
    t=$(target "$name")
    set -- $(memory "$t")
    status=$1; bytes=$2; kib=$3
    ins=$(instructions "$t")
    verdict=$(python3 -c 'import sys
s, i, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
print("met (400)" if s == "400" else "met" if i <= 250e6 and k <= 32 * 1024 else "MISSED")' "$status" "$ins" "$kib")
    python3 -c 'import sys
n, s, b, i, k, v = sys.argv[1:]
i, k = int(i), int(k)
print("%-17s %6s %9s %13s %6.2f %9.1f %6.2f  %s" % (n, s, b, format(i, ","), i / 250e6, k / 1024, k / 1024 / 32, v))' \
        "$name" "$status" "$bytes" "$ins" "$kib" "$verdict"
done
