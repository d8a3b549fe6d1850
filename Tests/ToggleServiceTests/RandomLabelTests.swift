import Foundation
import TogglePicture
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Random labels from a mix of scripts, marks, joiners, bidi controls, emoji and control
/// characters: parsing either accepts them (and the row lays out with finite, bounded geometry and
/// draws) or refuses them with a ParameterError; it never crashes.
final class RandomLabelTests: XCTestCase {
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static let pools: [ClosedRange<UInt32>] = [
        0x41...0x5A, 0x61...0x7A, 0x20...0x20, 0x30...0x39, 0x21...0x2F,  // Latin, space, digits, punctuation
        0x05D0...0x05EA, 0x0591...0x05C7,                                   // Hebrew letters and points
        0x0621...0x064A, 0x064B...0x0652, 0x0660...0x0669,                  // Arabic letters, harakat, digits
        0x0300...0x036F,                                                    // combining marks
        0x200B...0x200F, 0x202A...0x202E, 0xFE00...0xFE0F,                  // ZW(N)J, bidi controls, variation selectors
        0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x04FF,                  // Latin Extended, Greek, Cyrillic
        0x4E00...0x4E20, 0x1F600...0x1F64F, 0xFFFD...0xFFFD,                // CJK, emoji, replacement
        0x00...0x1F, 0x7F...0x9F,                                           // controls
    ]

    func testRandomLabelsNeverCrash() throws {
        var random = Generator(state: 14)
        var accepted = 0, refused = 0
        for round in 0..<400 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + random.next(40)) {
                let pool = Self.pools[random.next(Self.pools.count)]
                let value = pool.lowerBound + UInt32(random.next(Int(pool.upperBound - pool.lowerBound) + 1))
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let label = String(scalars)
            let encoded = label.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let size = DynamicTypeSize.allCases[random.next(DynamicTypeSize.allCases.count)]
            do {
                let query = try RowQuery(rawQuery: "label=\(encoded)&size=\(size.rawValue)&width=\(200 + random.next(400))")
                accepted += 1
                let layout = query.row.layout
                XCTAssertTrue(layout.height.isFinite && layout.height >= 44 && layout.height < 2000, "\(label.debugDescription)")
                for line in query.row.text.lines { XCTAssertTrue(line.width.isFinite) }
                if round % 20 == 0 { XCTAssertFalse(try RowRequest(query: query, format: .png).bytes().isEmpty) }
            } catch {
                refused += 1
                XCTAssertTrue(["label", "width"].contains(error.parameter), "\(error)")
            }
        }
        XCTAssertGreaterThan(accepted, 20, "some labels are drawable")
        XCTAssertGreaterThan(refused, 20, "some labels are refused")
    }
}
