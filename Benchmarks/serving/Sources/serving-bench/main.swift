// serving-bench: the service's HTTP server and toggle responder in one process with a blocking
// loopback client, for instruction counts under valgrind (the toggle-server binary's dispatchMain
// and signal sources crash valgrind 3.19). Same wiring as `toggle-server serve`: ServiceMetrics,
// plus AccessLog (through AccessLogWriter to /dev/null) unless `--access-log off`.
// Usage: serving-bench REQUESTS [--access-log on|off] [--target /toggle?on=1] [--cache-bytes N]
//        [--vary-color]   (each request appends &color=RRGGBB, a new colour each time, stepping
//                          as Benchmarks/serving/uncached.lua does, so no memo or cache can help)
//        serving-bench --render ITERATIONS [--uncached] [SCALE...]   (render + encode only, no server)
// One keep-alive connection, one request at a time; warms up with 50 requests first.
// Prints "requests=N us_per_request=T bytes=B".
import Dispatch
import HTTPServer
import ToggleService
import Utilities
#if canImport(Glibc)
import Glibc
import QueryLanguage
import Observability
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

// `serving-bench --render ITERATIONS [--uncached | --new-colours] SCALE...`: microseconds per toggle for the
// service's whole image path, ToggleRequest(spec:format: .png).bytes() (draw the default "on"
// toggle, encode PNG with tEXt chunks), for Benchmarks/raster/render-encode.sh and peers.sh.
// Warm by default: the same toggle each time, so the shared fill, shadow and symbol caches serve
// it as they would in the service. `--uncached` gives every process-wide cache 0 bytes
// (Caches(totalBytes: 0), as `--cache-bytes 0` does for toggle-server) and draws a new colour
// each time (64 precomputed tints, stepping as --vary-color does), so nothing is reused: every
// shape is swept, the shadow blurred, the symbol parsed and the image compressed.
// `--new-colours` draws the same new colours with the caches at their default sizes: what the
// service does for a toggle in a colour it has not drawn before (the uncached serving benchmark's
// requests, without the HTTP).
// Prints "swift-png scale=S us_per_toggle=T bytes=B".
if arguments.first == "--render" {
    let uncached = arguments.contains("--uncached")
    let newColours = uncached || arguments.contains("--new-colours")
    let rest = Array(arguments.dropFirst().filter { $0 != "--uncached" && $0 != "--new-colours" })
    let iterations = rest.first.flatMap { Int($0) } ?? 1000
    let scales = rest.count > 1 ? rest.dropFirst().compactMap { Int($0) } : [1, 2, 3]
    if uncached { Caches(totalBytes: 0).applyToSharedCaches() }
    for scale in scales {
        // A fixed number of specs whatever ITERATIONS is, so that parsing them cancels out of a
        // difference of two runs.
        let specs = try (1...(newColours ? 64 : 1)).map { n in
            let hex = String((n &* 2654435761) % 16777216, radix: 16)
            let color = newColours ? "&color=" + String(repeating: "0", count: 6 - hex.count) + hex : ""
            return try ToggleQuery(rawQuery: "on=1&scale=\(scale)\(color)").spec
        }
        var bytes = 0, next = 0
        func render() throws -> Int {
            next = (next + 1) % specs.count
            return try ToggleRequest(spec: specs[next], format: .png).bytes().count
        }
        for _ in 0..<min(iterations, 50) { bytes = try render() }
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let start = Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
        for _ in 0..<iterations { bytes = try render() }
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let us = (Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9 - start) / Double(max(1, iterations)) * 1e6
        print("swift-png scale=\(scale) us_per_toggle=\((us * 100).rounded() / 100) bytes=\(bytes)")
    }
    exit(0)
}
@MainActor func option(_ name: String, _ fallback: String) -> String {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return fallback }
    return arguments[i + 1]
}
let requests = Int(arguments.first ?? "") ?? 2000
let accessLog = option("--access-log", "on") == "on"
let target = option("--target", "/toggle?on=1")
let cacheBytes = Int(option("--cache-bytes", "67108864")) ?? 64 << 20
let varyColor = arguments.contains("--vary-color")

let devNull = open("/dev/null", O_WRONLY)
let cache = cacheBytes > 0 ? ImageCache(capacityBytes: cacheBytes) : nil
let metrics = ServiceMetrics(cache: cache)
// As toggle-server writes its access log: through the writer thread's bounded buffer.
let writer = AccessLogWriter(fd: devNull, report: { _ in })
var configuration = HTTPServerConfiguration()
configuration.host = "127.0.0.1"
configuration.port = 0
var responderConfiguration = ToggleResponder.Configuration()
responderConfiguration.publicDirectory = "Public"
let server = HTTPServer(
    configuration: configuration,
    responder: ToggleResponder(configuration: responderConfiguration, cache: cache, metrics: metrics),
    metrics: FanOutMetrics.combining(accessLog ? [metrics, AccessLog(writer: writer)] : [metrics]))
let address = try server.start()

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
var sin = sockaddr_in()
sin.sin_family = sa_family_t(AF_INET)
sin.sin_port = in_port_t(UInt16(address.port).bigEndian)
sin.sin_addr.s_addr = inet_addr("127.0.0.1")
let connected = withUnsafePointer(to: &sin) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
}
precondition(connected == 0, "connect failed")
var one: Int32 = 1
setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))

var request = Array("GET \(target) HTTP/1.1\r\nHost: bench\r\nUser-Agent: serving-bench\r\n\r\n".utf8)
var counter = 0
/// With `--vary-color`, the next request's bytes: the target plus `&color=` and a new 24-bit colour.
@MainActor func nextRequest() {
    guard varyColor else { return }
    counter += 1
    let hex = String((counter &* 2654435761) % 16777216, radix: 16)
    let color = String(repeating: "0", count: 6 - hex.count) + hex
    request = Array("GET \(target)&color=\(color) HTTP/1.1\r\nHost: bench\r\nUser-Agent: serving-bench\r\n\r\n".utf8)
}
var buffer = [UInt8](repeating: 0, count: 1 << 16)

/// Sends one request and reads its whole response; returns the response's size in bytes.
@MainActor func exchange() -> Int {
    nextRequest()
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var have = 0
    var expected = -1
    while expected < 0 || have < expected {
        if have == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }  // an APNG of megabytes
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + have, $0.count - have, 0) }
        precondition(n > 0, "connection closed")
        have += n
        if expected < 0, let end = headEnd(have) {
            expected = end + contentLength(end)
        }
    }
    return have
}

@MainActor func headEnd(_ count: Int) -> Int? {
    guard count >= 4 else { return nil }
    for i in 0...(count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
        return i + 4
    }
    return nil
}

/// The Content-Length value in the head `buffer[0..<end]` (the server always sends one).
@MainActor func contentLength(_ end: Int) -> Int {
    let name = Array("\r\ncontent-length:".utf8)
    var i = 0
    while i + name.count < end {
        var match = true
        for j in 0..<name.count where buffer[i + j] | (buffer[i + j] >= 65 && buffer[i + j] <= 90 ? 32 : 0) != name[j] {
            match = false
            break
        }
        if match {
            var k = i + name.count, value = 0
            while buffer[k] == 32 { k += 1 }
            while buffer[k] >= 48 && buffer[k] <= 57 { value = value * 10 + Int(buffer[k] - 48); k += 1 }
            return value
        }
        i += 1
    }
    return 0
}

var bytes = 0
for _ in 0..<50 { bytes = exchange() }
let start = now()
for _ in 0..<requests { bytes = exchange() }
let elapsed = now() - start
print("requests=\(requests) us_per_request=\((elapsed / Double(requests) * 1e7).rounded() / 10) bytes=\(bytes)")
close(fd)
exit(0)
