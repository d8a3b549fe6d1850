#!/bin/sh
# APNG size and time: the service's animations of every style (apng-bench's cases) against
# `apngopt -z0` of the same files (Debian `apngopt`: re-optimises every frame's rectangle, blend
# and dispose ops, with zlib like libpng). Prints each size ratio and the total; target <= 1.10x.
# A reference must show the same animation: Pillow composes every frame of both files (delays
# expanded to 1/60 s steps), and a case where apngopt's frames differ from ours is printed as
# such and left out of the total (apngopt 1.4 blends translucent pixels OVER their previous
# values, which changes a fading border's pixels).
# Usage: Benchmarks/apng/run.sh   (installs apngopt if missing; needs Pillow from PyPI)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=${SCRATCH:-$root/.build-bench}
command -v apngopt >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq apngopt; }
python3 -c 'import PIL' 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check pillow
out=$(mktemp -d "${TMPDIR:-/tmp}/apng-bench.XXXXXX")
trap 'rm -rf "$out"' EXIT
SCRATCH="$scratch" "$root/Benchmarks/build.sh" apng-bench
"$scratch/release/apng-bench" --write "$out"
echo
echo "query | ours bytes | apngopt -z0 bytes | ours / apngopt"
total=0; total_opt=0
cd "$out"   # apngopt 1.4 reads '' when given a path with a directory: use bare names
for f in $(ls animation-*.png | sort -t- -k2 -n); do
  stem=${f%.png}
  apngopt -z0 "$f" "$stem-opt.png" >/dev/null 2>&1 && [ -s "$stem-opt.png" ] || { echo "apngopt failed on $f"; exit 1; }
  ours=$(stat -c %s "$f"); opt=$(stat -c %s "$stem-opt.png")
  if ! python3 "$root/Benchmarks/apng/same_frames.py" "$f" "$stem-opt.png"; then
    echo "$(cat "$stem.txt") | $ours | $opt | apngopt's frames differ from ours: left out"
    continue
  fi
  total=$((total + ours)); total_opt=$((total_opt + opt))
  echo "$(cat "$stem.txt") | $ours | $opt | $(awk -v a="$ours" -v b="$opt" 'BEGIN { printf "%.3f", a / b }')x"
done
echo "total | $total | $total_opt | $(awk -v a="$total" -v b="$total_opt" 'BEGIN { printf "%.3f", a / b }')x"
