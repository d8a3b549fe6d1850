import XCTest
import HTTPServer
@testable import ToggleService

/// The prepared-query memo: bounded by `limit`, emptied when full, an entry held is kept.
final class PreparedTogglesTests: XCTestCase {
    func entry(_ key: String) throws -> PreparedToggle {
        let picture = ToggleImage.Picture(query: try ToggleQuery(rawQuery: "on=1"), format: .png)
        return PreparedToggle(picture: picture, key: key, entityTag: "\"\(key)\"", fields: HTTPFields(), shard: 0)
    }

    func testStartsOverWhenFullAndKeepsWhatItHolds() throws {
        let memo = PreparedToggles(limit: 3)
        for i in 0..<3 { memo.insert(try entry("k\(i)"), for: "/toggle?\(i)") }
        XCTAssertEqual(memo.count, 3)
        memo.insert(try entry("other"), for: "/toggle?0")
        XCTAssertEqual(memo.entry(for: "/toggle?0")?.key, "k0")
        memo.insert(try entry("k3"), for: "/toggle?3")
        XCTAssertEqual(memo.count, 1)
        XCTAssertNil(memo.entry(for: "/toggle?0"))
        XCTAssertEqual(memo.entry(for: "/toggle?3")?.entityTag, "\"k3\"")
        let none = PreparedToggles(limit: 0)
        none.insert(try entry("x"), for: "/toggle")
        XCTAssertEqual(none.count, 0)
    }
}
