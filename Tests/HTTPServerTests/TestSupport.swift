import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Echoes method and target: `GET /a?b` -> 200, body `GET /a?b`, `X-Host: <Host>`.
/// A target starting `/slow` sleeps 300 ms first; `/big` answers 4 MiB.
struct EchoResponder: HTTPResponder {
    func plan(for request: HTTPRequest) -> HTTPResponsePlan { .work(.onWorker { respond(to: request) }) }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path.hasPrefix("/slow") { usleep(300_000) }
        var headers = HTTPFields()
        headers.append(name: "Content-Type", value: "text/plain")
        headers.append(name: "X-Host", value: request.headers["Host"] ?? "")
        if request.path == "/big" {
            return HTTPResponse(status: 200, headers: headers, body: [UInt8](repeating: 0x61, count: 4 << 20))
        }
        return HTTPResponse(status: 200, headers: headers, body: Array("\(request.method) \(request.target)".utf8))
    }
}

func startServer(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
                 responder: any HTTPResponder = EchoResponder(),
                 metrics: (any HTTPServerMetrics)? = nil) throws -> (HTTPServer, Int) {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder, metrics: metrics)
    let address = try server.start()
    return (server, address.port)
}

/// Shuts the server down and waits for completion.
func stop(_ server: HTTPServer, file: StaticString = #filePath, line: UInt = #line) {
    let done = DispatchSemaphore(value: 0)
    server.shutdown { done.signal() }
    XCTAssertEqual(done.wait(timeout: .now() + 15), .success, "shutdown did not complete", file: file, line: line)
}

/// Polls `condition` every 10 ms up to `timeout` seconds.
func eventually(_ timeout: Double = 3, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
