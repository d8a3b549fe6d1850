#!/bin/sh
# APNG size and time: the service's animations of every style (apng-bench's cases) against
# `apngopt -z0` of the same files (Debian `apngopt`: re-optimises every frame's rectangle, blend
# and dispose ops, with zlib like libpng). Prints each size ratio and the total; target <= 1.10x.
# Usage: Benchmarks/apng/run.sh   (installs apngopt if missing)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
command -v apngopt >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq apngopt; }
out=$(mktemp -d "${TMPDIR:-/tmp}/apng-bench.XXXXXX")
trap 'rm -rf "$out"' EXIT
(cd "$root/Benchmarks" && swift build -c release --product apng-bench --scratch-path "$scratch" >/dev/null)
"$scratch/release/apng-bench" --write "$out"
echo
echo "query | ours bytes | apngopt -z0 bytes | ours / apngopt"
total=0; total_opt=0
cd "$out"   # apngopt 1.4 reads '' when given a path with a directory: use bare names
for f in $(ls animation-*.png | sort -t- -k2 -n); do
  stem=${f%.png}
  apngopt -z0 "$f" "$stem-opt.png" >/dev/null 2>&1 && [ -s "$stem-opt.png" ] || { echo "apngopt failed on $f"; exit 1; }
  ours=$(stat -c %s "$f"); opt=$(stat -c %s "$stem-opt.png")
  total=$((total + ours)); total_opt=$((total_opt + opt))
  echo "$(cat "$stem.txt") | $ours | $opt | $(awk -v a="$ours" -v b="$opt" 'BEGIN { printf "%.3f", a / b }')x"
done
echo "total | $total | $total_opt | $(awk -v a="$total" -v b="$total_opt" 'BEGIN { printf "%.3f", a / b }')x"
