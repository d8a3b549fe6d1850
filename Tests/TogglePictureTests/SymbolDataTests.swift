import Foundation
@testable import TogglePicture
import XCTest

/// The vendored data file and the script that writes it.
final class SymbolDataTests: XCTestCase {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    func testDataFileIsSortedUniqueAndWellFormed() throws {
        let url = Self.packageRoot.appendingPathComponent("Sources/TogglePicture/Resources/MDI/icons.tsv")
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
        for path in ["Sources/TogglePicture/Resources/MDI/LICENSE", "Public/vendor/mdi/LICENSE.txt"] {
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

/// Opt-in figures for the notes: `SYMBOLS_MEASURE=1 swift test -c release --filter SymbolMemory`.
final class SymbolMemoryTests: XCTestCase {
    static func residentMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    func testReportCatalogueCosts() throws {
        guard ProcessInfo.processInfo.environment["SYMBOLS_MEASURE"] == "1" else {
            throw XCTSkip("set SYMBOLS_MEASURE=1 to print the catalogue's time and memory figures")
        }
        func clock() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
        var report: [String] = []
        var rss = Self.residentMiB(), t = clock()
        func step(_ what: String) {
            let r = Self.residentMiB(), now = clock()
            report.append(what.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.1f ms %+7.1f MiB (RSS %.1f MiB)", now - t, r - rss, r))
            rss = r
            t = clock()
        }
        step("test process before the catalogue")
        _ = MDIIconData.bundled.records.count
        step("load + index icons.tsv (7,447 icons)")
        _ = SymbolCatalog.path(named: "checkmark")
        step("first symbol parsed (checkmark)")
        _ = SymbolCatalog.suggestions(for: "moon.fil")
        step("first suggestions (candidate lists built)")
        _ = SymbolCatalog.suggestions(for: "mdi:wether-night")
        step("suggestions for mdi:wether-night")
        step("catalogue entries built (\(SymbolCatalog.entries.count))")
        for name in SymbolCatalog.names { _ = SymbolCatalog.path(named: name) }
        step("all \(SymbolCatalog.names.count) curated names parsed and cached")
        for name in SymbolCatalog.mdiIconNames { _ = SymbolCatalog.path(named: SymbolCatalog.mdiPrefix + name) }
        step("all 7,447 mdi: names parsed (cache holds \(SymbolCatalog.cache.count))")
        for name in SymbolCatalog.mdiIconNames.prefix(1000) { _ = SymbolCatalog.path(named: SymbolCatalog.mdiPrefix + name) }
        step("1,000 cached mdi: lookups")
        print(report.joined(separator: "\n"))
    }
}
