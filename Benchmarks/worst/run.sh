#!/bin/sh
# The worst single requests, with the cache off: instructions (callgrind) and peak memory above
# the idle RSS for each, against the bounds 250 M instructions and 32 MiB (or a 400 that names
# what makes the request large, which meets the bound).
# Instructions: serving-bench (server and a loopback client in one process, --cache-bytes 0)
# under valgrind --tool=callgrind makes the request once and then twice; the difference
# is one request's cost with start-up and first-use work (fonts, tables) cancelled out.
# Memory: a fresh toggle-server --cache-bytes 0 per request; after a warm-up (a toggle and a
# one-word row, so fonts are loaded) its VmRSS is the idle figure, the peak is reset
# (/proc/PID/clear_refs 5), the request is made, and VmHWM minus idle is the request's memory.
# Usage: Benchmarks/worst/run.sh [NAME...]   (default: every request below; names: row-anim,
#        toggle-anim, row-big, card, card-largest, cjk, emoji)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../serving/common.sh"
bench=$scratch/release/serving-bench
(cd "$bench_root/Benchmarks" && swift build -c release --product serving-bench --scratch-path "$scratch" >/dev/null)
build_server
export SWIFT_DETERMINISTIC_HASHING=1

enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1] * int(sys.argv[2]), safe=""))' "$1" "$2"; }
w200=$(enc W 200)
cjk200=$(enc 漢 200)
emoji200=$(enc 😀 200)
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
        *) echo "unknown request $1" >&2; exit 2 ;;
    esac
}

instructions() {  # instructions TARGET: one request's instructions, uncached
    for _n in 1 2; do
        (cd "$bench_root" && valgrind --tool=callgrind --callgrind-out-file="$work/cg.$_n" "$bench" "$_n" \
            --access-log off --cache-bytes 0 --target "$1" >/dev/null 2>&1)
    done
    _a=$(sed -n 's/^totals: *//p' "$work/cg.1"); _b=$(sed -n 's/^totals: *//p' "$work/cg.2")
    echo $((_b - _a))
}

memory() {  # memory TARGET: "STATUS BYTES KiB-above-idle" from a fresh server
    _port=$(free_port)
    start_service worst "$_port" --cache-bytes 0 --access-log off
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

[ $# -gt 0 ] || set -- row-anim toggle-anim row-big card card-largest cjk emoji
printf '%-13s %6s %9s %13s %6s %9s %6s  %s\n' request status bytes instructions /250M "MiB>idle" /32MiB verdict
for name in "$@"; do
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
print("%-13s %6s %9s %13s %6.2f %9.1f %6.2f  %s" % (n, s, b, format(i, ","), i / 250e6, k / 1024, k / 1024 / 32, v))' \
        "$name" "$status" "$bytes" "$ins" "$kib" "$verdict"
done
