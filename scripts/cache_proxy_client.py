"""Client half of scripts/scale-out-check's caching-proxy part (deploy/nginx-cache.conf).

usage: cache_proxy_client.py PROXY_URL DIRECT_URL MAX_AGE LOG_A LOG_B

Checks, with targets no other part of the check asks for (so the instances' access logs say
exactly how often each reached a replica):
  - a picture is fetched from a replica once, then served by the proxy (X-Cache-Status HIT), with
    the replica's bytes and ETag;
  - If-None-Match with that ETag gets 304 from the proxy; once the picture's max-age (MAX_AGE s,
    the instances' --max-age) has passed, the proxy revalidates it (REVALIDATED) and the replica
    answers 304;
  - an error (400, 404) and a page (`no-cache`) reach a replica every time: nothing is kept
    longer than its Cache-Control allows.
"""
import json
import sys
import time
import uuid

from scale_out_client import get


def upstream_answers(logs, target):
    """Statuses of the replicas' answers to `target`, from their JSON access logs."""
    time.sleep(0.3)  # the access log is written in batches at least every 50 ms
    statuses = []
    for path in logs:
        with open(path) as log:
            for line in log:
                if line.startswith("{"):
                    entry = json.loads(line)
                    if entry.get("target") == target:
                        statuses.append(entry.get("status"))
    return sorted(statuses)


def main():
    proxy, direct, max_age, logs = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:6]
    tag = uuid.uuid4().hex[:12]
    problems = []

    def expect(what, got, want):
        ok = got == want
        print(f"  {'ok  ' if ok else 'FAIL'} {what}: {got}" + ("" if ok else f" (want {want})"))
        if not ok:
            problems.append(f"{what}: {got}, want {want}")

    picture = f"/toggle?on=1&color=teal&scale=2&v={tag}"
    status, headers, body = get(direct, picture)
    etag = headers.get("etag")
    first = get(proxy, picture)
    second = get(proxy, picture)
    print(f"caching proxy: {picture}")
    expect("first request through the proxy", (first[0], first[1].get("x-cache-status")), (200, "MISS"))
    expect("second request through the proxy", (second[0], second[1].get("x-cache-status")), (200, "HIT"))
    expect("bytes and ETag through the proxy equal the replica's",
           (second[2] == body, second[1].get("etag")), (True, etag))
    conditional = get(proxy, picture, {"If-None-Match": etag})
    expect("If-None-Match through the proxy", (conditional[0], conditional[1].get("x-cache-status")), (304, "HIT"))
    expect("the replicas' answers so far (one fetch, the direct request)", upstream_answers(logs, picture), [200, 200])

    time.sleep(max_age + 1)
    stale = get(proxy, picture)
    expect("after max-age", (stale[0], stale[1].get("x-cache-status"), stale[2] == body), (200, "REVALIDATED", True))
    expect("the replica's answer to the revalidation", upstream_answers(logs, picture), [200, 200, 304])
    expect("next request", get(proxy, picture)[1].get("x-cache-status"), "HIT")

    for target, want in ((f"/toggle?on=2&v={tag}", 400), (f"/missing-{tag}.png", 404), (f"/?v={tag}", 200)):
        answers = [get(proxy, target) for _ in range(2)]
        expect(f"{target} twice through the proxy", [a[0] for a in answers], [want, want])
        expect(f"{target}: replicas asked", upstream_answers(logs, target), [want, want])

    if problems:
        print("\nFAILED (caching proxy):")
        for p in problems:
            print("  -", p)
        sys.exit(1)
    print("ok: the proxy serves hits, answers and revalidates with 304, and keeps no error or page")


if __name__ == "__main__":
    main()
