import HTTPServer
import ImageWriters
import XCTest
import ToggleService
@testable import QueryLanguage

extension XCTestCase {
    /// A GET of `path?query` with a Host field, as the server would hand it to the responder.
    func pictureRequest(_ path: String, _ query: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                    version: .http1_1, headers: HTTPFields([("Host", "x")]))
    }

    /// The `ParameterError` (the JSON 400) `parse` throws for the raw query `q`; a test failure at
    /// the caller's line, and nil, when the query is accepted.
    func rejection(_ q: String, by parse: (String) throws(ParameterError) -> Void,
                   file: StaticString = #filePath, line: UInt = #line) -> ParameterError? {
        do {
            try parse(q)
            XCTFail("\(q) should be rejected", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// `rejection(_:by:)` of `ToggleQuery` (the /toggle routes).
    func rejection(_ q: String, file: StaticString = #filePath, line: UInt = #line) -> ParameterError? {
        rejection(q, by: { q throws(ParameterError) in _ = try ToggleQuery(rawQuery: q) }, file: file, line: line)
    }

    /// `rejection(_:by:)` of `RowQuery` (the /row routes).
    func rowRejection(_ q: String, format: ImageFormat = .png, file: StaticString = #filePath,
                      line: UInt = #line) -> ParameterError? {
        rejection(q, by: { q throws(ParameterError) in _ = try RowQuery(rawQuery: q, format: format) }, file: file, line: line)
    }

    /// `rejection(_:by:)` of `CardQuery` (the /card routes).
    func cardRejection(_ q: String, file: StaticString = #filePath, line: UInt = #line) -> ParameterError? {
        rejection(q, by: { q throws(ParameterError) in _ = try CardQuery(rawQuery: q) }, file: file, line: line)
    }
}
