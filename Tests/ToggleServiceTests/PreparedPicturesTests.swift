@testable import HTTPServer
@testable import ToggleService
import Utilities
import XCTest
@testable import QueryLanguage

/// The prepared-query memo is keyed by the target's bytes: equal bytes find the entry whichever
/// storage they come from, any other target (one byte apart, a prefix, another case) does not.
final class PreparedPicturesTests: XCTestCase {
    private func request(_ target: String) -> HTTPRequest {
        let path = String(target.prefix { $0 != "?" })
        return HTTPRequest(method: "GET", target: target, path: path, query: nil, version: .http1_1,
                           headers: HTTPFields([("Host", "x")]))
    }

    private func entry(_ key: String) -> PreparedPicture {
        PreparedPicture(picture: ToggleRequest(query: try! ToggleQuery(rawQuery: "on=1"), format: .png),
                        estimatedSeconds: 0, key: Array(key.utf8), keyHash: StableHash.fnv1a(key.utf8),
                        entityTag: "\"\(key)\"", fields: HTTPFields())
    }

    func testFoundByEqualBytesOnly() {
        let memo = PreparedPictures()
        let target = "/toggle?on=1&sym=moon.fill&color=indigo&scale=2"
        let stored = entry("a")
        memo.insert(stored, for: request(target))
        XCTAssertTrue(memo.entry(for: request(target)) === stored)
        // The same bytes as a slice of a larger buffer (as the parser's input is), not a String.
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .head(let head) = parser.next() else { return XCTFail("not parsed") }
        XCTAssertTrue(memo.entry(for: head.request) === stored)
        for other in ["/toggle?on=1&sym=moon.fill&color=indigo&scale=3", "/toggle?on=1&sym=moon.fill&color=indigo&scale=",
                      "/toggle?on=1&sym=moon.fill&color=indigo&scale=22", "/TOGGLE?on=1&sym=moon.fill&color=indigo&scale=2",
                      "/toggle?on=1", ""] {
            XCTAssertNil(memo.entry(for: request(other)), other)
        }
    }

    func testKeyHashDependsOnEveryByte() {
        let base = Array("/toggle?on=1&sym=moon.fill&color=indigo&scale=2".utf8)
        let hash = TargetKey(base[...]).hash
        for i in base.indices {
            var changed = base
            changed[i] ^= 1
            XCTAssertNotEqual(TargetKey(changed[...]).hash, hash, "byte \(i)")
        }
    }

    /// Targets over 256 bytes are not kept; a new target takes its slot from the one held there.
    func testLongTargetsAreNotKeptAndANewTargetTakesItsSlot() {
        let memo = PreparedPictures(slots: 1)
        XCTAssertEqual(memo.slotCount, 1)
        let long = request("/toggle?label=" + String(repeating: "a", count: 250))
        memo.insert(entry("long"), for: long)
        XCTAssertNil(memo.entry(for: long))
        XCTAssertEqual(memo.count, 0)
        memo.insert(entry("0"), for: request("/toggle?on=0"))
        XCTAssertEqual(memo.entry(for: request("/toggle?on=0"))?.entityTag, "\"0\"")
        memo.insert(entry("1"), for: request("/toggle?on=1"))
        XCTAssertNil(memo.entry(for: request("/toggle?on=0")))
        XCTAssertEqual(memo.entry(for: request("/toggle?on=1"))?.entityTag, "\"1\"")
        XCTAssertEqual(memo.count, 1)
        XCTAssertEqual(PreparedPictures(slots: 4096).slotCount, 4096)
        XCTAssertEqual(PreparedPictures(slots: 3000).slotCount, 4096)
        XCTAssertEqual(PreparedPictures(slots: 0).count, 0)
    }

    /// Many targets spread over the slots (the hash is mixed before it is masked): 1,000 toggles
    /// differing in their last bytes keep most of their entries in 4,096 slots.
    func testTargetsSpreadOverTheSlots() {
        let memo = PreparedPictures(slots: 4096)
        for i in 0 ..< 1000 { memo.insert(entry("\(i)"), for: request("/toggle?on=1&color=\(i)")) }
        XCTAssertGreaterThan(memo.count, 850)
    }
}
