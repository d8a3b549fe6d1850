import HTTPServer
@testable import ToggleService
import XCTest

/// The prepared-query memo is keyed by the target's bytes: equal bytes find the entry whichever
/// storage they come from, any other target (one byte apart, a prefix, another case) does not.
final class PreparedTogglesTests: XCTestCase {
    private func request(_ target: String) -> HTTPRequest {
        let path = String(target.prefix { $0 != "?" })
        return HTTPRequest(method: "GET", target: target, path: path, query: nil, version: .http1_1,
                           headers: HTTPFields([("Host", "x")]))
    }

    private func entry(_ key: String) -> PreparedToggle {
        PreparedToggle(picture: ToggleImage.Picture(query: try! ToggleQuery(rawQuery: "on=1"), format: .png),
                       key: key, entityTag: "\"\(key)\"", fields: HTTPFields(), shard: 0)
    }

    func testFoundByEqualBytesOnly() throws {
        let memo = PreparedToggles()
        let target = "/toggle?on=1&sym=moon.fill&color=indigo&scale=2"
        let stored = entry("a")
        memo.insert(stored, for: try XCTUnwrap(PreparedToggles.memoKey(request(target))))
        // The same bytes as a slice of a larger buffer (as the parser's input is), not a String.
        let buffer = Array("GET \(target) HTTP/1.1\r\n".utf8)
        let slice = buffer[4 ..< 4 + target.utf8.count]
        XCTAssertTrue(memo.entry(for: TargetKey(slice)) === stored)
        for other in ["/toggle?on=1&sym=moon.fill&color=indigo&scale=3", "/toggle?on=1&sym=moon.fill&color=indigo&scale=",
                      "/toggle?on=1&sym=moon.fill&color=indigo&scale=22", "/TOGGLE?on=1&sym=moon.fill&color=indigo&scale=2",
                      "/toggle?on=1", ""] {
            XCTAssertNil(memo.entry(for: try XCTUnwrap(PreparedToggles.memoKey(request(other)))), other)
        }
    }

    func testKeyHashDependsOnEveryByte() {
        let base = Array("/toggle?on=1&sym=moon.fill&color=indigo&scale=2".utf8)
        let hash = TargetKey.hash(base[...])
        for i in base.indices {
            var changed = base
            changed[i] ^= 1
            XCTAssertNotEqual(TargetKey.hash(changed[...]), hash, "byte \(i)")
        }
    }

    func testLongTargetsAreNotKeptAndTheTableStartsOverWhenFull() throws {
        XCTAssertNil(PreparedToggles.memoKey(request("/toggle?label=" + String(repeating: "a", count: 250))))
        let memo = PreparedToggles(limit: 2)
        for i in 0 ..< 3 { memo.insert(entry("\(i)"), for: try XCTUnwrap(PreparedToggles.memoKey(request("/toggle?on=\(i)")))) }
        XCTAssertEqual(memo.count, 1)
        XCTAssertNotNil(memo.entry(for: try XCTUnwrap(PreparedToggles.memoKey(request("/toggle?on=2")))))
    }
}
