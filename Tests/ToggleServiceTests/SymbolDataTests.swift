import Foundation
@testable import ToggleService
import XCTest

/// The vendored data file and the script that writes it.
final class SymbolDataTests: XCTestCase {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    func testDataFileIsSortedUniqueAndWellFormed() throws {
        let url = Self.packageRoot.appendingPathComponent("Sources/ToggleService/Resources/MDI/icons.tsv")
        let bytes = try [UInt8](Data(contentsOf: url))
        XCTAssertEqual(bytes.last, UInt8(ascii: "\n"))
        XCTAssertFalse(bytes.contains(UInt8(ascii: "\r")))
        let text = try XCTUnwrap(String(validating: bytes, as: UTF8.self))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let comments = lines.prefix { $0.hasPrefix("#") }
        XCTAssertEqual(comments.count, 2)
        XCTAssertTrue(comments.first!.contains("7.4.47"))
        XCTAssertTrue(comments.first!.contains("Apache-2.0"))
        let icons = lines.dropFirst(comments.count)
        XCTAssertEqual(icons.count, 7447)
        var previous = ""
        for line in icons {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            XCTAssertEqual(fields.count, 3, String(line.prefix(60)))
            let name = String(fields[0])
            XCTAssertLessThan(previous, name, "sorted and unique")
            XCTAssertTrue(name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }, name)
            XCTAssertFalse(fields[1].isEmpty, name)
            XCTAssertTrue(fields[2].hasPrefix("M") || fields[2].hasPrefix("m"), name)
            previous = name
        }
        // The bundled copy is this file.
        XCTAssertEqual(MDIIconData.bundled.bytes, bytes)
    }

    func testLicenceShipsBesideTheData() throws {
        let root = Self.packageRoot
        for path in ["Sources/ToggleService/Resources/MDI/LICENSE", "Public/vendor/mdi/LICENSE.txt"] {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            XCTAssertTrue(text.contains("Apache"), path)
            XCTAssertTrue(text.contains("Pictogrammers"), path)
        }
        let apache = try String(contentsOf: root.appendingPathComponent("Public/vendor/mdi/Apache-2.0.txt"), encoding: .utf8)
        XCTAssertTrue(apache.contains("Apache License"))
        XCTAssertTrue(apache.contains("Version 2.0, January 2004"))
    }

    /// Runs `scripts/vendor-symbols --check` (needs Python and PyPI), which regenerates the data
    /// twice over in a scratch folder and compares it with the committed files. Opt in with
    /// `SYMBOLS_VENDOR_CHECK=1 swift test --filter SymbolDataTests`.
    func testVendoringScriptOutputIsStable() throws {
        guard ProcessInfo.processInfo.environment["SYMBOLS_VENDOR_CHECK"] == "1" else {
            throw XCTSkip("set SYMBOLS_VENDOR_CHECK=1 to run the vendoring script (needs network)")
        }
        for _ in 0..<2 {
            let process = Process()
            process.executableURL = Self.packageRoot.appendingPathComponent("scripts/vendor-symbols")
            process.arguments = ["--check"]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
    }
}
