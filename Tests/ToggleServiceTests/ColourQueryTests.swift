import TogglePicture
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Colours through the query (CSS Color 4): equal colours written differently share the
/// canonical key, the ETag and the bytes; a refused colour names what is accepted.
final class ColourQueryTests: XCTestCase {
    func testEqualColoursWrittenDifferentlyShareTheKey() throws {
        let forms = ["orange", "ff9500", "%23FF9500", "rgb(255,149,0)", "rgb(255+149+0)", "rgba(255%2C149%2C0%2C1)",
                     "hsl(35+100%25+50%25)", "hwb(35+0%25+0%25)"]
        let keys = try forms.map { try ToggleQuery(rawQuery: "on=1&color=" + $0).spec.canonicalKey }
        XCTAssertEqual(Set(keys).count, 1, "\(keys)")
        let papaya = try ["papayawhip", "PapayaWhip", "%23ffefd5", "rgb(255+239+213)"].map {
            try ToggleQuery(rawQuery: "on=1&color=" + $0).spec.canonicalKey
        }
        XCTAssertEqual(Set(papaya).count, 1)
    }

    /// A shared key and strong ETag promise the same bytes: the PNG's Description names the
    /// colour drawn, however the request wrote it.
    func testEqualColoursGiveByteIdenticalPNGs() throws {
        for (theme, forms) in [("light", ["orange", "ff9500", "rgb(255,149,0)", "hsl(35+100%25+50%25)"]),
                               ("dark", ["orange", "ff9f0a", "rgb(255+159+10)"]),
                               ("light", ["papayawhip", "PapayaWhip", "ffefd5", "rgb(100%25+93.725%25+83.529%25)"])] {
            let pngs = try forms.map { try ToggleRequest(spec: ToggleQuery(rawQuery: "on=1&theme=\(theme)&color=" + $0).spec, format: .png).bytes() }
            XCTAssertEqual(Set(pngs).count, 1, "\(theme): \(forms)")
        }
    }

    func testRejectedColourNamesWhatIsAccepted() {
        XCTAssertThrowsError(try ToggleQuery(rawQuery: "color=rgb(300,0,0)")) { error in
            let e = error as? ParameterError
            XCTAssertEqual(e?.parameter, "color")
            XCTAssertEqual(e?.value, "rgb(300,0,0)")
            for needle in ["grey", "papayawhip", "rgb()", "hsl()", "hwb()", "0-255", "RRGGBB"] {
                XCTAssertTrue(e?.expected.contains(needle) ?? false, needle)
            }
        }
    }
}
