"""Opens N keep-alive connections to 127.0.0.1:PORT, sends one GET on each and reads its
response, then holds them all open, idle, until stdin closes or a line arrives.
Prints "open N" once every connection has had its response. Loopback only.
Usage: python3 hold.py PORT N [TARGET]"""
import resource
import select
import socket
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
target = sys.argv[3] if len(sys.argv) > 3 else "/toggle?on=1"
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1000), hard))
request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
sockets = []
for i in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    sockets.append(s)
    if len(sockets) % 500 == 0 or i == count - 1:
        # Read the responses of this batch (one small response each).
        for t in sockets[-500:]:
            data = b""
            while b"\r\n\r\n" not in data:
                data += t.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0])
            while len(body) < length:
                body += t.recv(65536)
print(f"open {len(sockets)}", flush=True)
select.select([sys.stdin], [], [])
for s in sockets:
    s.close()
