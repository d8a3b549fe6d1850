#!/bin/sh
# Builds benchmark products (release) in the benchmarks' scratch path, for the scripts here.
# SwiftPM plans a path dependency's targets from the files it listed when it last read this
# package's manifest: a file added to (or removed from) the service's Sources/ is not seen until
# the manifest changes, so an old build of a target would be linked. Touching the manifest (its
# time, not its contents) makes it list them again; that costs a second or two, no rebuild.
# Usage: Benchmarks/build.sh PRODUCT...   Env: SCRATCH (default .build-bench at the top).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
touch "$root/Benchmarks/Package.swift"
for product in "$@"; do
    (cd "$root/Benchmarks" && swift build -c release --product "$product" --scratch-path "${SCRATCH:-$root/.build-bench}" >/dev/null)
done
