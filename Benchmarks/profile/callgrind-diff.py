#!/usr/bin/env python3
"""Per-unit instruction counts by function from two callgrind runs of different lengths.

Usage: callgrind-diff.py SHORT.out LONG.out UNITS [TOP=25]
UNITS is the number of extra requests (or toggles) the long run made; start-up and warm-up
appear in both runs and cancel out. Prints self instructions per unit for the TOP functions,
grouped by library (zlib, libpng, libc, Swift runtime) or Swift module, and the share of each group.
Needs callgrind_annotate (Debian valgrind).
"""
import re
import subprocess
import sys
from collections import defaultdict


def costs(path):
    text = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", path], capture_output=True,
                          text=True, check=True).stdout
    table = {}
    body = text.split("file:function", 1)[-1]
    for line in body.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(.*)$", line)
        if m:
            table[m.group(2).strip()] = table.get(m.group(2).strip(), 0) + int(m.group(1).replace(",", ""))
    return table


def group(name):
    obj = re.search(r"\[([^\]]*)\]\s*$", name)
    obj = obj.group(1) if obj else ""
    for lib, label in (("libz.so", "zlib"), ("libpng", "libpng"), ("libc.so", "libc"),
                       ("libswiftCore", "Swift runtime"), ("libFoundation", "Foundation"),
                       ("libdispatch", "Dispatch"), ("ld-linux", "dynamic linker")):
        if lib in obj:
            return label
    m = re.search(r"Sources/([A-Za-z]+)/", name)
    if m:
        return m.group(1)
    m = re.search(r"\$s\d+([A-Za-z]+?)(?:\d|$)", name) or re.search(r"\$s(\d+)([A-Za-z]+)", name)
    if m and "$s" in name:
        s = re.search(r"\$s(\d+)", name)
        n = int(s.group(1))
        return name[s.end():s.end() + n]
    return "other"


def main():
    short, long_, units = sys.argv[1], sys.argv[2], int(sys.argv[3])
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 25
    a, b = costs(short), costs(long_)
    per = {k: (b.get(k, 0) - a.get(k, 0)) / units for k in set(a) | set(b)}
    total = sum(per.values())
    print(f"instructions per unit: {total:,.0f}")
    groups = defaultdict(float)
    for k, v in per.items():
        groups[group(k)] += v
    print("by library / module:")
    for g, v in sorted(groups.items(), key=lambda kv: -kv[1]):
        if v > total * 0.002:
            print(f"  {v:>12,.0f} {100 * v / total:5.1f}%  {g}")
    print(f"top {top} functions (self):")
    for k, v in sorted(per.items(), key=lambda kv: -kv[1])[:top]:
        name = re.sub(r"\s*\[[^\]]*\]\s*$", "", k)
        print(f"  {v:>12,.0f} {100 * v / total:5.1f}%  {group(k):<14} {name[:110]}")


if __name__ == "__main__":
    main()
