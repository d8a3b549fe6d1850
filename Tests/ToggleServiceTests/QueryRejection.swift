import XCTest
import ToggleService

extension XCTestCase {
    /// The `ParameterError` (the JSON 400) `ToggleQuery` throws for the raw query `q`; a test
    /// failure at the caller's line, and nil, when the query is accepted.
    func rejection(_ q: String, file: StaticString = #filePath, line: UInt = #line) -> ParameterError? {
        do {
            _ = try ToggleQuery(rawQuery: q)
            XCTFail("\(q) should be rejected", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
