#!/usr/bin/env python3
"""The hostile-client battery (costly pipelined errors, slow bodies, silent connections, resets,
a stalled log reader), one item at a time, against a toggle-server binary on loopback.

    python3 Benchmarks/hostile/measure.py BINARY ITEM [extra server flags]

ITEM 1: /healthz latency while two connections pipeline N (env, default 3000) requests for
        unknown symbols to a server on one core (taskset -c 0); CURL=1 samples with curl.
ITEM 2: 50 connections trickle a body at 1 byte/s into a --max-connections 50 server: when is a
        new client served? (pass --request-timeout S to the server under test)
ITEM 3: how long a connection that sends nothing stays open.
ITEM 4: N (default 500) worst-case renders requested, then reset: CPU spent after the resets and
        when the descriptors are released.
ITEM 5: /healthz with standard output a pipe nobody reads, after 3,000 pipelined requests.
Prints one line of figures. Not a test: absolute times on a shared machine are noise.
"""
import os, random, socket, string, struct, subprocess, sys, threading, time

BIN = sys.argv[1]
ITEM = sys.argv[2]
EXTRA = sys.argv[3:]
PUBLIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Public")


def start(args, prefix=(), stdout_read=True):
    p = subprocess.Popen(list(prefix) + [BIN, "--host", "127.0.0.1", "--port", "0", "--public-dir", PUBLIC] + args + EXTRA,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = p.stdout.readline().decode()
    port = int(line.strip().rsplit(":", 1)[1])
    if stdout_read:
        threading.Thread(target=lambda: [None for _ in iter(lambda: p.stdout.read(65536), b"")], daemon=True).start()
    return p, port


def conn(port, timeout=30):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    return s


def healthz_latency(port, timeout=30):
    t = time.monotonic()
    s = conn(port, timeout)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    data = b""
    try:
        while True:
            d = s.recv(4096)
            if not d:
                break
            data += d
    except socket.timeout:
        return None
    s.close()
    return time.monotonic() - t if data.startswith(b"HTTP/1.1 200") else None


def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def item1():
    p, port = start(["--access-log", "off"], prefix=("taskset", "-c", "0"))
    n = int(os.environ.get("N", "3000"))
    def pipeline():
        s = conn(port, 120)
        req = b"".join(b"GET /toggle?sym=mdi:" + "".join(random.choices(string.ascii_lowercase, k=20)).encode()
                       + b" HTTP/1.1\r\nHost: x\r\n\r\n" for _ in range(n))
        threading.Thread(target=lambda: s.sendall(req), daemon=True).start()
        got = 0
        try:
            while got < n:
                d = s.recv(1 << 16)
                if not d:
                    break
                got += d.count(b"HTTP/1.1 400")
        except socket.timeout:
            pass
    threads = [threading.Thread(target=pipeline, daemon=True) for _ in range(2)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(0.3)
    lat = []
    while any(t.is_alive() for t in threads) and time.monotonic() - t0 < 60:
        if os.environ.get("CURL"):
            out = subprocess.run(["curl", "-s", "-o", "/dev/null", "-m", "60", "-w", "%{time_total}",
                                  f"http://127.0.0.1:{port}/healthz"], capture_output=True, text=True).stdout
            lat.append(float(out) if out else None)
        else:
            lat.append(healthz_latency(port, 60))
        time.sleep(0.1)
    done = time.monotonic() - t0
    p.kill()
    lat_ms = sorted(round(l * 1000, 1) for l in lat if l is not None)
    print(f"item1: 2 x {n} pipelined unknown-symbol requests took {done:.1f} s; /healthz samples {len(lat)}, "
          f"median {lat_ms[len(lat_ms)//2] if lat_ms else None} ms, max {lat_ms[-1] if lat_ms else None} ms")


def item2():
    n = 50
    p, port = start(["--access-log", "off", "--max-connections", str(n)])
    slow = []
    for _ in range(n):
        s = conn(port)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
        slow.append(s)
    def trickle():
        while True:
            for s in slow:
                try:
                    s.send(b"a")
                except OSError:
                    pass
            time.sleep(1)
    threading.Thread(target=trickle, daemon=True).start()
    time.sleep(0.5)
    t0 = time.monotonic()
    served = None
    while time.monotonic() - t0 < 40:
        s = conn(port, 5)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        try:
            d = s.recv(100)
        except (socket.timeout, ConnectionResetError):
            d = b""
        s.close()
        if d.startswith(b"HTTP/1.1 200"):
            served = time.monotonic() - t0
            break
        time.sleep(0.25)
    p.kill()
    print(f"item2: {n} connections trickling 1 byte/s of a body; a new client was "
          + (f"served after {served:.1f} s" if served is not None else "refused (503) for all of 40 s"))


def item3():
    p, port = start(["--access-log", "off"])
    s = conn(port, 120)
    t0 = time.monotonic()
    try:
        d = s.recv(100)
    except socket.timeout:
        d = None
    print(f"item3: a connection that sends nothing was closed after {time.monotonic() - t0:.1f} s (read {d!r})")
    p.kill()


def item4():
    n = int(os.environ.get("N", "500"))
    p, port = start(["--access-log", "off"])
    conns = []
    for i in range(n):
        s = conn(port)
        s.sendall(f"GET /toggle?on=1&scale=4&size=accessibility5&pad=64&color=%23{i:06x} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        conns.append(s)
    time.sleep(0.2)
    before = cpu(p.pid)
    t0 = time.monotonic()
    for s in conns:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()
    fds_gone = None
    last = cpu(p.pid)
    quiet_since = time.monotonic()
    while time.monotonic() - t0 < 60:
        time.sleep(0.1)
        nfd = len(os.listdir(f"/proc/{p.pid}/fd"))
        if fds_gone is None and nfd < 20:
            fds_gone = time.monotonic() - t0
        c = cpu(p.pid)
        if c - last > 0.01:
            quiet_since = time.monotonic()
        last = c
        if fds_gone is not None and time.monotonic() - quiet_since > 1:
            break
    used = cpu(p.pid) - before
    p.kill()
    print(f"item4: {n} worst-case renders requested then reset: {used:.2f} s CPU after the reset; "
          f"descriptors released after {fds_gone if fds_gone is None else round(fds_gone, 2)} s")


def item5():
    p, port = start([], stdout_read=False)
    s = conn(port, 30)
    n = 3000
    req = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" * n
    threading.Thread(target=lambda: s.sendall(req), daemon=True).start()
    got = 0
    s.settimeout(10)
    try:
        while got < n:
            d = s.recv(1 << 16)
            if not d:
                break
            got += d.count(b"HTTP/1.1 200")
    except socket.timeout:
        pass
    lat = healthz_latency(port, 10)
    print(f"item5: stdout a pipe nobody reads: {got} of {n} pipelined answers arrived; "
          f"a new /healthz then took {'over 10 s (no answer)' if lat is None else f'{lat*1000:.1f} ms'}")
    p.kill()


globals()["item" + ITEM]()
