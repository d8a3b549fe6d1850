import HTTPServer
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import ToggleService
@testable import QueryLanguage
@testable import Observability

/// The Prometheus text (format 0.0.4) and the JSON access log.
final class MetricsAndLogTests: XCTestCase {
    func exchange(_ status: Int, route: String?, duration: Double, target: String? = "/toggle") -> HTTPExchange {
        HTTPExchange(method: "GET", target: target, status: status, bytes: 100, duration: duration,
                     annotations: route.map { ["route": $0] } ?? [:])
    }

    func testCountersAndCumulativeHistograms() throws {
        let metrics = ServiceMetrics(cache: ImageCache())
        for d in [0.00005, 0.0003, 0.0003, 0.02, 7.0] { metrics.requestCompleted(exchange(200, route: "toggle", duration: d)) }
        metrics.requestCompleted(exchange(400, route: "toggle", duration: 0.001))
        let samples = try PrometheusParser.parse(metrics.text())

        XCTAssertEqual(samples["toggle_http_requests_total{route=\"toggle\",status=\"200\"}"], 5)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"toggle\",status=\"400\"}"], 1)
        let name = "toggle_http_request_duration_seconds"
        XCTAssertEqual(samples["\(name)_bucket{route=\"toggle\",le=\"0.0001\"}"], 1)
        XCTAssertEqual(samples["\(name)_bucket{route=\"toggle\",le=\"0.0005\"}"], 3)
        XCTAssertEqual(samples["\(name)_bucket{route=\"toggle\",le=\"0.001\"}"], 4)
        XCTAssertEqual(samples["\(name)_bucket{route=\"toggle\",le=\"5\"}"], 5)
        XCTAssertEqual(samples["\(name)_bucket{route=\"toggle\",le=\"+Inf\"}"], 6)
        XCTAssertEqual(samples["\(name)_count{route=\"toggle\"}"], 6)
        XCTAssertEqual(samples["\(name)_sum{route=\"toggle\"}"] ?? 0, 7.02165, accuracy: 1e-9)
    }

    /// A 503 shed by the server's queue bound carries no `route` annotation (the responder never
    /// saw it): it is counted under the route of its target, not under `other`.
    func testShedResponsesCountUnderTheirRoute() throws {
        let metrics = ServiceMetrics(cache: ImageCache())
        for target in ["/toggle?on=1&color=red", "/toggle@2x.png", "/row?label=Wi-Fi", "/card.svg", "/nowhere.txt"] {
            metrics.requestCompleted(HTTPExchange(method: "GET", target: target, status: 503, bytes: 100, duration: 1.5,
                                                  annotations: ["shed": "responder-queue"]))
        }
        // A 503 without the shed mark and without a route stays `other`.
        metrics.requestCompleted(HTTPExchange(method: "GET", target: "/toggle", status: 503, bytes: 100,
                                              duration: 0.1, annotations: [:]))
        let samples = try PrometheusParser.parse(metrics.text())
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"toggle\",status=\"503\"}"], 2)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"row\",status=\"503\"}"], 1)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"card\",status=\"503\"}"], 1)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"static\",status=\"503\"}"], 1)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"other\",status=\"503\"}"], 1)
        XCTAssertEqual(samples["toggle_http_shed_total"], 5)
    }

    func testExpositionRules() throws {
        let metrics = ServiceMetrics(cache: ImageCache())
        metrics.requestCompleted(exchange(200, route: "toggle", duration: 0.001))
        metrics.observeRender(seconds: 0.002)
        try PrometheusParser.checkRules(metrics.text())
    }

    func testAccessLogLineIsOneJSONObjectWithControlsEscaped() throws {
        let line = AccessLog.line(for: exchange(200, route: "toggle", duration: 0.0004125,
                                                target: "/toggle?x=\u{1b}[31m\nforged"), at: 1_796_041_863.25)
        XCTAssertFalse(line.contains("\n"))
        XCTAssertFalse(line.contains("\u{1b}"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // Reference: date -u -d @1796041863 gives Mon Nov 30 12:31:03 UTC 2026.
        XCTAssertEqual(object["time"] as? String, "2026-11-30T12:31:03.250Z")
        XCTAssertEqual(object["target"] as? String, "/toggle?x=\u{1b}[31m\nforged")
        XCTAssertEqual(object["status"] as? Int, 200)
        XCTAssertEqual(object["duration_ms"] as? Double, 0.413)
        XCTAssertEqual(object["route"] as? String, "toggle")
    }

    /// A line longer than the stack buffer (a 2,000-byte target, a long annotation, several
    /// annotations) comes out whole, fields in order, keys sorted; a line through `init(writer:)`
    /// is the same bytes as `line(for:at:)`.
    func testLongLineAndWriterLineAreWhole() throws {
        let target = "/toggle?label=" + String(repeating: "a", count: 1_986)
        let long = HTTPExchange(method: "GET", target: target, status: 200, bytes: 7, duration: 0.25,
                                annotations: ["route": "toggle", "cache": "miss", "note": String(repeating: "\"", count: 300)])
        let line = AccessLog.line(for: long, at: 1_796_041_863.25)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["target"] as? String, target)
        XCTAssertEqual(object["note"] as? String, String(repeating: "\"", count: 300))
        XCTAssertEqual(object["duration_ms"] as? Double, 250)
        let note = "\"" + String(repeating: #"\""#, count: 300) + "\""
        XCTAssertTrue(line.hasSuffix(#","cache":"miss","note":"# + note + #","route":"toggle"}"#), String(line.suffix(80)))
        let two = HTTPExchange(method: "GET", target: "/toggle?on=1", status: 200, bytes: 7, duration: 0.001,
                               annotations: ["route": "toggle", "cache": "hit"])
        XCTAssertTrue(AccessLog.line(for: two, at: 0).hasSuffix(#""duration_ms":1,"cache":"hit","route":"toggle"}"#))

        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let writer = AccessLogWriter(fd: fds[1], report: { _ in })
        AccessLog(writer: writer).requestCompleted(long)
        XCTAssertTrue(writer.flush())
        close(fds[1])
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n <= 0 { break }
            received += chunk[..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        XCTAssertTrue(text.hasSuffix("\n"))
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.dropLast().utf8)) as? [String: Any])
        XCTAssertEqual(written["target"] as? String, target)
        // The same line but for its time (the writer's is now).
        XCTAssertEqual(String(text.dropLast().drop { $0 != "," }), String(line.drop { $0 != "," }))
    }

    /// The timestamp's civil date against libc's gmtime_r (an independent implementation) over
    /// leap days, century years and a spread of seconds from 1970 to 2200.
    func testAccessLogTimestampAgreesWithGmtime() {
        var times: [Int] = [0, 951_782_400, 951_868_799, 4_107_542_400, 4_107_456_000, 1_796_041_863, 7_258_118_400]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0 ..< 2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            times.append(Int(seed >> 33) % 7_258_118_400)
        }
        for t in times {
            var seconds = time_t(t)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d.500Z", parts.tm_year + 1900, parts.tm_mon + 1,
                                  parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
            XCTAssertEqual(AccessLog.timestamp(Double(t) + 0.5), expected, "epoch second \(t)")
        }
    }

    /// Decimal numbers (status, bytes) as `String(_:)` writes them, at every digit count.
    func testAccessLogDecimalsAgreeWithString() {
        var values = [0, 7, -7, Int.max, Int.min, Int.max - 1]
        var power = 1
        for _ in 0 ..< 18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        for value in values {
            let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { storage in
                var out = LineBuffer(storage)
                AccessLog.appendDecimal(value, to: &out)
                return out.withBytes { String(decoding: $0, as: UTF8.self) }
            }
            XCTAssertEqual(written, String(value))
        }
    }

    /// One observer is used as it is; two get every event each.
    func testCombiningObserversFansOutOnlyWhenThereAreSeveral() throws {
        let metrics = ServiceMetrics(cache: nil)
        XCTAssertTrue(FanOutMetrics.combining([metrics]) as? ServiceMetrics === metrics)
        let lines = LinesSeen()
        let both = FanOutMetrics.combining([metrics, AccessLog(sink: { lines.add($0) })])
        XCTAssertTrue(both is FanOutMetrics)
        both.requestCompleted(exchange(200, route: "toggle", duration: 0.001))
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(try PrometheusParser.parse(metrics.text())["toggle_http_requests_total{route=\"toggle\",status=\"200\"}"], 1)
    }

    func testAccessLogDurationKeepsThreeDecimalsAtMost() throws {
        for (seconds, text) in [(0.0, "0"), (0.0015, "1.5"), (0.012_345_6, "12.346"), (2.0, "2000"), (0.000_001, "0.001")] {
            // Four bytes of room: the longer ones also take the buffer's move to the heap.
            let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { storage in
                var out = LineBuffer(storage)
                AccessLog.appendMilliseconds(seconds, to: &out)
                return out.withBytes { String(decoding: $0, as: UTF8.self) }
            }
            XCTAssertEqual(written, text)
        }
    }
}

/// Lines an access log sink received (from any thread).
private final class LinesSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func add(_ line: String) { lock.withLock { seen.append(line) } }
    var count: Int { lock.withLock { seen.count } }
}
