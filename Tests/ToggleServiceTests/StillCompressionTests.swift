import ImageWriters
import QueryLanguage
import ToggleService
import XCTest

/// zlib works on a still PNG as hard as the cost bound allows (`StillCost.compression`): the
/// encoders' own levels while their estimate fits, level 3 past it. Checked in the PNG itself:
/// the zlib stream's header says how hard its compressor worked (RFC 1950 section 2.2, FLEVEL,
/// the top two bits of the second byte: 1 for levels 2 to 5, 2 for level 6, 3 for 7 to 9).
final class StillCompressionTests: XCTestCase {
    static let longLabel = String(repeating: "W", count: 200)

    /// FLEVEL of the first IDAT chunk's zlib stream.
    func compressionLevelField(_ png: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> UInt8 {
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { return png[offset + 9] >> 6 }
            offset += 12 + length
        }
        XCTFail("no IDAT", file: file, line: line)
        return 0
    }

    func png(_ route: PictureRoute, _ query: String) throws -> [UInt8] {
        try route.parse(query, format: .png, impliedScale: nil).bytes()
    }

    func testTheSeedCardAtScaleTwoAndAHalfKeepsLevelSix() throws {
        // 975 x 660 px, mostly flat: under 200 M at level 6; at scale 3 the estimate passes 250 M.
        XCTAssertEqual(try CardQuery(rawQuery: "scale=2.5").compression, .best)
        XCTAssertEqual(try compressionLevelField(png(.card, "scale=2.5")), 2)
        XCTAssertEqual(try CardQuery(rawQuery: "scale=3").compression, .cheapest)
    }

    func testALongLabelAcrossAWideRowTakesLevelThree() throws {
        // 1200 x 682 px, 79 % of it label lines: about 330 M at level 6, 170 M at level 3.
        let q = "label=\(Self.longLabel)&width=1200&size=accessibility5&scale=1"
        XCTAssertEqual(try RowQuery(rawQuery: q).compression, .cheapest)
        XCTAssertEqual(try compressionLevelField(png(.row, q)), 1)
        // The same row at scale 1 and size large is small enough for level 6.
        let small = "label=\(Self.longLabel)&width=600"
        XCTAssertEqual(try RowQuery(rawQuery: small).compression, .best)
        XCTAssertEqual(try compressionLevelField(png(.row, small)), 2)
    }

    func testALargeToggleTakesLevelThreePastTheBudget() throws {
        // 1161 x 873 px at level 8 would be about 370 M; 825 x 537 px fits.
        let large = "scale=4&pad=64&size=accessibility5&on=1&color=indigo"
        XCTAssertEqual(try ToggleQuery(rawQuery: large).compression, .cheapest)
        XCTAssertEqual(try compressionLevelField(png(.toggle, large)), 1)
        let fits = "scale=4&pad=22&size=accessibility5&on=1&color=indigo"
        XCTAssertEqual(try ToggleQuery(rawQuery: fits).compression, .best)
        XCTAssertEqual(try compressionLevelField(png(.toggle, fits)), 3)
    }
}
