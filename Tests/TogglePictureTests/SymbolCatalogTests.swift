import Foundation
import Geometry
import Raster
@testable import TogglePicture
import XCTest
import Utilities

/// The curated table, `mdi:` names and suggestions (`/symbols` and the 400s: `SymbolRouteTests`).
final class SymbolCatalogTests: XCTestCase {
    /// docs/design-facts.md section 3: the seed's symbols and the MDI icons they must be.
    static let seedMappings: [(String, String)] = [
        ("checkmark", "check-bold"), ("xmark", "close-thick"), ("moon.fill", "moon-waning-crescent"),
        ("sun.max.fill", "white-balance-sunny"), ("speaker.wave.2.fill", "volume-high"),
        ("speaker.slash.fill", "volume-off"), ("location.fill", "near-me"), ("minus", "minus-thick"),
        ("plus", "plus-thick"),
    ]

    func entry(_ name: String) -> SymbolCatalog.Entry? {
        SymbolCatalog.entries.first { $0.name == name }
    }

    func testSeedNamesMapToTheDesignIcons() throws {
        for (name, icon) in Self.seedMappings {
            let e = try XCTUnwrap(entry(name), name)
            XCTAssertEqual(e.icon, icon, name)
            XCTAssertFalse(e.slashed, name)
        }
        let slash = try XCTUnwrap(entry("location.slash.fill"))
        XCTAssertEqual(slash.icon, "near-me")
        XCTAssertTrue(slash.slashed)
    }

    func testTableHasAtLeastAHundredNamesAndTheCommonSettingsSymbols() {
        let names = Set(SymbolCatalog.names)
        XCTAssertGreaterThanOrEqual(names.count, 100)
        XCTAssertEqual(SymbolCatalog.names, SymbolCatalog.names.sorted())
        for base in ["wifi", "bell", "lock", "eye", "airplane", "bolt", "heart", "star", "power", "play", "pause",
                     "mic", "camera", "globe", "cloud", "hand.raised", "sparkles", "flame", "leaf", "minus", "plus"] {
            XCTAssertTrue(names.contains(base) || names.contains(base + ".fill"), base)
        }
        for variant in ["wifi.slash", "bell.fill", "bell.slash", "bell.slash.fill", "lock.fill", "lock.slash.fill",
                        "eye.fill", "eye.slash", "eye.slash.fill", "bolt.fill", "bolt.slash.fill", "heart.fill",
                        "heart.slash.fill", "star.fill", "star.slash", "play.fill", "play.slash", "mic.fill",
                        "mic.slash", "mic.slash.fill", "camera.fill", "cloud.fill", "hand.raised.fill",
                        "hand.raised.slash.fill", "checkmark.circle.fill", "xmark.circle", "plus.circle.fill"] {
            XCTAssertTrue(names.contains(variant), variant)
        }
    }

    func testEveryTableEntryNamesAnExistingIcon() {
        let data = MDIIconData.bundled
        for alias in SymbolAlias.table {
            XCTAssertNotNil(data.record(named: alias.icon), "\(alias.name) -> \(alias.icon)")
            // Where MDI has an `-off` icon, a slash name uses it rather than a knock-out.
            if alias.slashed {
                XCTAssertNil(data.record(named: alias.icon + "-off"), alias.name)
                XCTAssertTrue(alias.name.contains(".slash"), alias.name)
            }
        }
    }

    func testMDINamesResolveForEveryIcon() throws {
        let data = MDIIconData.bundled
        XCTAssertEqual(data.records.count, 7447)
        XCTAssertEqual(SymbolCatalog.mdiIconNames.count, 7447)
        XCTAssertNotNil(SymbolCatalog.path(named: "mdi:weather-night"))
        XCTAssertNotNil(SymbolCatalog.path(named: "mdi:weather-night"))
        XCTAssertNil(SymbolCatalog.path(named: "mdi:"))
        XCTAssertNil(SymbolCatalog.path(named: "mdi:no-such-icon"))
        XCTAssertNil(SymbolCatalog.path(named: "weather-night"), "bare MDI names are not symbol names")
        XCTAssertNil(SymbolCatalog.path(named: "Moon.fill"), "names are case-sensitive")
        XCTAssertNil(SymbolCatalog.path(named: ""))
        // Every icon's path data parses to a non-empty path (straight through the parser, so this
        // does not fill the shared cache).
        var failures: [String] = []
        for record in data.records {
            do {
                let path = try SVGPathParser.parse(data.pathData(of: record))
                if path.isEmpty { failures.append(record.name + ": empty") }
            } catch {
                failures.append("\(record.name): \(error)")
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) icons fail to parse")
    }

    func testSuggestionsForNearMisses() {
        XCTAssertEqual(SymbolCatalog.suggestions(for: "moon.fil").first, "moon.fill")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "checkmarc").first, "checkmark")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "xmakr").first, "xmark", "transposition")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "Moon.Fill").first, "moon.fill", "case")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "speaker.slash").first, "speaker.slash.fill")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "xmark.fill").first, "xmark")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "wifi.slsh").first, "wifi.slash")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "weather-night").first, "mdi:weather-night")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "mdi:wether-night").first, "mdi:weather-night")
        XCTAssertEqual(SymbolCatalog.suggestions(for: "zzzzqqqq"), [])
        XCTAssertEqual(SymbolCatalog.suggestions(for: ""), [])
        XCTAssertEqual(SymbolCatalog.suggestions(for: String(repeating: "moon.fill", count: 100)), [])
        for query in ["mon.fill", "star.fil", "bel", "mdi:hom", "lok.fill"] {
            let found = SymbolCatalog.suggestions(for: query)
            XCTAssertLessThanOrEqual(found.count, 3, query)
            XCTAssertFalse(found.isEmpty, query)
            for name in found { XCTAssertNotNil(SymbolCatalog.path(named: name), name) }
        }
        XCTAssertEqual(SymbolCatalog.suggestions(for: "mon.fill", limit: 1).count, 1)
    }

    func testConcurrentLookupsAgree() {
        let names = Array(SymbolCatalog.names.prefix(40)) + ["mdi:abacus", "mdi:zodiac-virgo", "location.slash.fill"]
        let reference = names.map { SymbolCatalog.path(named: $0) }
        let results = Locked<[Int: [Path?]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let mine = names.shuffled().map { ($0, SymbolCatalog.path(named: $0)) }
            let ordered = names.map { name in mine.first { $0.0 == name }!.1 }
            results.withLock { $0[worker] = ordered }
        }
        for (_, paths) in results.withLock({ $0 }) {
            XCTAssertEqual(paths, reference)
        }
    }
}

