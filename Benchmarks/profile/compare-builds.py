#!/usr/bin/env python3
"""Two toggle-server builds answer the same requests byte for byte (for changes that must keep
images, headers and ETags): both serve on loopback (access log off), 291 targets (toggles of
every style and state, colours, scales, animations, theme=auto, parameter errors, rows, cards,
static files, 150 random colours) are asked of each, and status, every header but Date, and the
body are compared. Prints each difference and a count; exit status 1 if any differ.

Usage: Benchmarks/profile/compare-builds.py OLD/toggle-server NEW/toggle-server
Env: SERVER_ARGS, more flags for both servers (e.g. "--cache-bytes 0": every answer rendered).
"""
import http.client, os, random, subprocess, sys, time

PUBLIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Public")
def start(bin, port):
    p = subprocess.Popen([bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--access-log", "off",
                          "--public-dir", PUBLIC] + os.environ.get("SERVER_ARGS", "").split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5); c.request("GET", "/healthz"); c.getresponse().read(); return p
        except Exception: time.sleep(0.1)
    raise SystemExit("no server " + bin)
def get(port, target):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30); c.request("GET", target)
    r = c.getresponse(); body = r.read()
    return r.status, [(k, v) for k, v in r.getheaders() if k.lower() != "date"], body
old = start(sys.argv[1], 18431); new = start(sys.argv[2], 18432)
random.seed(7)
targets = []
base = ["/toggle", "/toggle.svg", "/toggle@2x.png", "/toggle.png"]
qs = ["on=1", "on=0", "state=mixed", "on=1&color=indigo&scale=2", "on=1&sym=moon.fill&color=indigo&scale=2",
      "on=0&sym=moon.fill", "theme=auto", "theme=dark&on=1", "on=1&color=rgba(60,60,67,0.21)&pad=4.5",
      "on=1&scale=1.5&size=accessibility2", "disabled=1&on=1", "dir=rtl&on=1", "label=Wi-Fi&on=1",
      "style=switch&label=Wi-Fi&on=1", "style=button&label=Bold", "style=symbol&label=Bold&on=1",
      "style=tutorial&label=Dark%20Mode&on=1", "on=1&animate=1", "on=1&animate=1&loop=1&motion=reduce",
      "bg=black&on=1&color=ff950080", "colour=red", "on=2", "on=1&on=0", "on=1&cb=123&utm_source=x",
      "on=1&amp;color=red", "%zz=1", "scale=9", "on=1&tint=%23ff9500", "off_color=pink&on=0&scale=3",
      "sources=1,0,1&style=switch&label=x", "on=1&pad=64&scale=4", "on=1&fps=30", "theme=auto&animate=1"]
for b in base:
    for q in qs: targets.append(b + "?" + q)
for i in range(150):
    targets.append(random.choice(["/toggle", "/toggle.svg"]) + "?on=%d&color=%06x&scale=%s" % (i % 2, random.randrange(1 << 24), random.choice(["1", "2", "1.25", "3"])))
targets += ["/row?label=Dark%20Mode&on=1&sym=moon.fill", "/row.svg?label=Wi-Fi", "/card?row1.label=A&row2.label=B",
            "/healthz", "/readyz", "/symbols", "/", "/nope", "/index.html"]
diff = 0
for t in targets:
    a, b = get(18431, t), get(18432, t)
    if a != b:
        diff += 1
        print("DIFF", t, a[0], b[0], [h for h in a[1] if h not in b[1]], [h for h in b[1] if h not in a[1]], len(a[2]), len(b[2]))
print(f"{len(targets)} targets, {diff} differ")
old.terminate(); new.terminate()
sys.exit(1 if diff else 0)
