#!/usr/bin/env python3
"""Two toggle-server builds answer the same requests byte for byte (for changes that must keep
images, headers and ETags): both serve on loopback (access log off), about 400 targets (toggles,
rows and cards of every style and state, formats, colours, scales, animations, theme=auto,
labels, parameter errors, static files, 150 random colours) are asked of each, twice (the second
answer comes from the memo and the image cache), then again as HEAD and with the first answer's
ETag in If-None-Match (a 304); status, every header but Date, and the body are compared. Prints
each difference and a count; exit status 1 if any differ.

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
def get(port, target, method="GET", headers={}):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30); c.request(method, target, headers=headers)
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
rows = ["label=Dark%20Mode&on=1&sym=moon.fill", "label=Wi-Fi", "label=Dark%20Mode&on=1&on_sym=moon.fill&color=indigo&scale=2",
        "label=Sound&on=1&animate=1", "label=Sound&on=0&animate=1&motion=reduce&loop=1", "label=%D7%A9%D7%9C%D7%95%D7%9D&on=1",
        "label=A%20long%20label%20that%20wraps%20onto%20a%20second%20line%20here&width=220", "label=Auto&theme=auto",
        "label=Dark&theme=dark&disabled=1", "label=Bold&style=button&on=1", "label=Run&style=symbol&state=mixed",
        "label=x&style=tutorial&on=1&scale=3", "label=Hi&dir=rtl", "label=&on=1", "on=1", "label=Hi&lable=x", "label=Hi&v=3"]
for b in ["/row", "/row.png", "/row.svg"]:
    for q in rows: targets.append(b + "?" + q)
cards = ["", "scale=2", "row1.label=A&row2.label=B", "theme=dark&size=xxxLarge", "theme=auto", "width=600&row1.label=Wide&row1.style=switch",
         "row1.label=A&row1.on=1&row2.label=B&row2.style=button", "row3.label=x", "color=red", "row1.label=A&row1.animate=1", "v=2"]
for b in ["/card", "/card.png", "/card.svg"]:
    for q in cards: targets.append(b + ("?" + q if q else ""))
targets += ["/healthz", "/readyz", "/symbols", "/", "/nope", "/index.html", "/toggle@1x.png?on=1", "/toggle@3x.png?on=1",
            "/toggle@4x.png?on=1&theme=dark", "/toggle@5x.png?on=1", "/toggle.svg?on=1&animate=1&style=switch"]
diff = 0
def compare(label, t, a, b):
    global diff
    if a != b:
        diff += 1
        print("DIFF", label, t, a[0], b[0], [h for h in a[1] if h not in b[1]], [h for h in b[1] if h not in a[1]], len(a[2]), len(b[2]))
asked = 0
for t in targets:
    for label in ["first", "again"]:
        a, b = get(18431, t), get(18432, t)
        compare(label, t, a, b); asked += 1
    compare("HEAD", t, get(18431, t, "HEAD"), get(18432, t, "HEAD")); asked += 1
    tag = dict((k.lower(), v) for k, v in a[1]).get("etag")
    if tag:
        h = {"If-None-Match": tag}
        compare("304", t, get(18431, t, headers=h), get(18432, t, headers=h)); asked += 1
print(f"{len(targets)} targets, {asked} requests, {diff} differ")
old.terminate(); new.terminate()
sys.exit(1 if diff else 0)
