import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The binary started with standard input, output and error closed, as some supervisors and a
/// careless `>&-` start it: descriptors 0, 1 and 2 are opened on /dev/null before anything else,
/// so the access log cannot write into an event loop's eventfd or a client's socket.
final class StandardDescriptorsEndToEndTests: XCTestCase {
    func testClosedStandardDescriptorsAreOpenedOnDevNull() throws {
        let server = try ShellLaunchedServer(redirections: "<&- >&- 2>&-")
        for fd in 0 ... 2 {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server.pid)/fd/\(fd)")
            XCTAssertEqual(target, "/dev/null", "descriptor \(fd)")
        }
        // Requests are answered and logged (to /dev/null) without disturbing the loops.
        let client = try TestClient(port: server.port, timeout: 10)
        for _ in 0 ..< 200 { XCTAssertEqual(try client.get("/healthz").status, 200) }
        XCTAssertEqual(server.stop(), 0)
        XCTAssertEqual(server.process.terminationReason, .exit)
    }
}
