"""Client half of scripts/scale-out-check.

usage: scale_out_client.py NGINX_URL INSTANCE_A_URL INSTANCE_B_URL REQUESTS LOG_A LOG_B
"""
import hashlib
import http.client
import json
import sys
import time
import urllib.parse
from collections import Counter, defaultdict

QUERIES = [
    "/toggle?on=1",
    "/toggle?on=0&theme=dark",
    "/toggle?on=1&on_sym=moon.fill&color=indigo&scale=2",
    "/toggle?state=mixed&color=blue&size=accessibility2&scale=3",
    "/toggle@2x.png?on=1&sym=mdi:weather-night&bg=f2f2f7&pad=4&disabled=1",
    # Text in the system's fonts: the font set's fingerprint is in these ETags.
    "/row?label=%E8%87%AA%E5%8B%95%E3%82%A2%E3%83%83%E3%83%97%E3%83%87%E3%83%BC%E3%83%88&lang=ja&scale=2",
    "/row.svg?label=%F0%9F%94%94%20Notifications&on=1",
]


def get(base, target, headers=None):
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        conn.request("GET", target, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return response.status, dict((k.lower(), v) for k, v in response.getheaders()), body
    finally:
        conn.close()


def toggle_lines(path):
    """Access-log lines of picture requests (/toggle, /row), from one instance's stdout."""
    count = 0
    with open(path) as log:
        for line in log:
            if not line.startswith("{"):
                continue
            entry = json.loads(line)
            if entry.get("target", entry.get("path", "")).startswith(("/toggle", "/row")):
                count += 1
    return count


def main():
    nginx, inst_a, inst_b, total, log_a, log_b = sys.argv[1:7]
    total = int(total)
    problems = []

    # Directly: each instance answers each query with the same ETag and the same bytes.
    direct = {}
    for q in QUERIES:
        answers = [get(base, q) for base in (inst_a, inst_b)]
        (sa, ha, ba), (sb, hb, bb) = answers
        if sa != 200 or sb != 200:
            problems.append(f"{q}: status {sa} / {sb}")
            continue
        if ha.get("etag") != hb.get("etag") or ba != bb:
            problems.append(f"{q}: instances differ: {ha.get('etag')} {len(ba)} B vs {hb.get('etag')} {len(bb)} B")
        direct[q] = (ha.get("etag"), hashlib.sha256(ba).hexdigest(), len(ba))
    time.sleep(0.3)
    before_a, before_b = toggle_lines(log_a), toggle_lines(log_b)

    # Through nginx: round robin over both; every answer matches the direct one.
    by_upstream = Counter()
    seen = defaultdict(set)
    for i in range(total):
        q = QUERIES[i % len(QUERIES)]
        status, headers, body = get(nginx, q)
        by_upstream[headers.get("x-upstream", "?")] += 1
        if status != 200:
            problems.append(f"{q} via nginx: status {status}")
            continue
        seen[q].add((headers.get("etag"), hashlib.sha256(body).hexdigest(), len(body)))

    # Conditional requests through nginx: 304 from whichever instance gets them.
    not_modified = Counter()
    for i in range(10):
        q = QUERIES[i % len(QUERIES)]
        status, headers, _ = get(nginx, q, {"If-None-Match": direct.get(q, ("x",))[0]})
        not_modified[status] += 1
    if set(not_modified) != {304}:
        problems.append(f"If-None-Match via nginx: statuses {dict(not_modified)} (want all 304)")

    time.sleep(0.3)  # the last access-log lines are written just after their responses
    served_a = toggle_lines(log_a) - before_a
    served_b = toggle_lines(log_b) - before_b
    print(f"\n{total} requests through nginx (+10 conditional), {len(QUERIES)} queries:")
    print(f"  from the access logs:   instance a {served_a:4d}   instance b {served_b:4d}")
    print("  from X-Upstream:        " + "   ".join(f"{k} {v}" for k, v in sorted(by_upstream.items())))
    print("\n  query                                                                   ETag                 bytes  sha256")
    for q in QUERIES:
        variants = seen.get(q, set())
        etag, digest, size = direct.get(q, ("?", "?", 0))
        mark = "ok" if variants == {(etag, digest, size)} else "DIFFERS"
        print(f"  {q:70s}  {etag:20s} {size:6d}  {digest[:12]}  {mark}")
        if mark != "ok":
            problems.append(f"{q}: through nginx got {sorted(variants)}, directly {(etag, digest, size)}")

    share = min(served_a, served_b) / max(1, served_a + served_b)
    if served_a + served_b < total or share < 0.3:
        problems.append(f"uneven or missing spread: a {served_a}, b {served_b} of {total + 10}")
    if len([k for k in by_upstream if k != "?"]) != 2:
        problems.append(f"expected two upstreams in X-Upstream, got {dict(by_upstream)}")

    if problems:
        print("\nFAILED:")
        for p in problems:
            print("  -", p)
        sys.exit(1)
    print(f"\nok: both instances served ({served_a} / {served_b}), ETags and bytes agree for every query")


if __name__ == "__main__":
    main()
