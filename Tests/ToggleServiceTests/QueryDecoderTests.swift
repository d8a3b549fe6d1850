import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Query decoding per docs/design-facts.md section 4: split on & and =, then percent-decode.
final class QueryDecoderTests: XCTestCase {
    func pairs(_ q: String) throws -> [String] {
        try QueryDecoder.decode(q).map { "\($0.name)=\($0.value)" }
    }

    func testSplitsThenDecodes() throws {
        XCTAssertEqual(try pairs("a=1&b=2"), ["a=1", "b=2"])
        XCTAssertEqual(try pairs("a=x%26b%3D2"), ["a=x&b=2"])   // encoded & and = do not split
        XCTAssertEqual(try pairs("a=1=2"), ["a=1=2"])           // only the first = splits
        XCTAssertEqual(try pairs("a&&b="), ["a=", "b="])
        XCTAssertEqual(try pairs(""), [])
    }

    func testPlusIsSpaceAndEncodedPlusIsPlus() throws {
        XCTAssertEqual(try pairs("s=a+b"), ["s=a b"])
        XCTAssertEqual(try pairs("s=a%2Bb"), ["s=a+b"])
        XCTAssertEqual(try pairs("c=%23ff0000"), ["c=#ff0000"])
        XCTAssertEqual(try pairs("s=%C3%A9"), ["s=é"])
    }

    func testMalformedEscapesNulAndInvalidUTF8AreErrors() {
        for bad in ["a=%zz", "a=%4", "a=%", "a=%00", "a=%C3", "a=%FF", "a=b%2", "ok=1&a=%C0%AF"] {
            XCTAssertThrowsError(try QueryDecoder.decode(bad), bad) { error in
                let e = error as? ParameterError
                XCTAssertEqual(e?.error, "malformed value")
                XCTAssertEqual(e?.parameter, "a", "the decodable name is named")
                XCTAssertEqual(e?.value, String(bad.split(separator: "=").last ?? ""), "the value as sent")
            }
        }
        for bad in ["%zz=1", "a%00=1", "%FF"] {
            XCTAssertThrowsError(try QueryDecoder.decode(bad), bad) { error in
                XCTAssertEqual((error as? ParameterError)?.error, "malformed parameter name")
            }
        }
    }
}
