import XCTest
@testable import ToggleService
import TogglePicture
@testable import QueryLanguage

/// `style`, `sources` and `label` on `/toggle` (docs/design-facts.md section 11).
final class StyleQueryTests: XCTestCase {
    func spec(_ q: String) throws -> ToggleSpec { try ToggleQuery(rawQuery: q).spec }

    // MARK: sources

    func testOneSource() throws {
        XCTAssertEqual(try spec("sources=1").state, .on)
        XCTAssertEqual(try spec("sources=0").state, .off)
        XCTAssertEqual(try spec("sources=yes").state, .on)
    }

    func testTwelveSources() throws {
        XCTAssertEqual(try spec("sources=" + Array(repeating: "1", count: 12).joined(separator: ",")).state, .on)
        XCTAssertEqual(try spec("sources=" + Array(repeating: "off", count: 12).joined(separator: ",")).state, .off)
        XCTAssertEqual(try spec("sources=" + Array(repeating: "1", count: 11).joined(separator: ",") + ",0").state, .mixed)
    }

    func testTheSeedsMixedCaseDrawsTheMixedSymbol() throws {
        let s = try spec("sources=1,0,1&sym=star")
        XCTAssertEqual(s.state, .mixed)
        XCTAssertEqual(s.symbolName, "star")
        XCTAssertEqual(try spec("sources=TRUE,No,on").state, .mixed)
    }

    func testThirteenSourcesIsA400() {
        let e = rejection("sources=" + Array(repeating: "1", count: 13).joined(separator: ","))
        XCTAssertEqual(e?.parameter, "sources")
        XCTAssertEqual(e?.error, "invalid value")
        XCTAssertTrue(e?.expected.contains("1 to 12 booleans") == true, e?.expected ?? "")
        XCTAssertTrue(e?.expected.contains("(13 given)") == true, e?.expected ?? "")
    }

    func testEmptyItemsAreA400() {
        for (value, item) in [("", 1), ("1,,0", 2), (",1", 1), ("1,0,", 3), (",", 1)] {
            let e = rejection("sources=\(value)")
            XCTAssertEqual(e?.parameter, "sources", value)
            XCTAssertEqual(e?.value, value)
            XCTAssertTrue(e?.expected.hasSuffix("(item \(item) is empty)") == true, "\(value): \(e?.expected ?? "")")
        }
    }

    func testNonBooleanItemsAreA400() {
        for (value, item) in [("2", 1), ("1,maybe", 2), ("1,0,-1", 3), ("1%20,0", 1), ("1;0", 1)] {
            let e = rejection("sources=\(value)")
            XCTAssertEqual(e?.parameter, "sources", value)
            XCTAssertTrue(e?.expected.hasSuffix("(item \(item) is not a boolean)") == true, "\(value): \(e?.expected ?? "")")
        }
    }

    func testSourcesBesideOnOrStateIsA400() {
        for q in ["sources=1,0&on=1", "on=0&sources=1", "sources=1&state=mixed", "state=on&sources=0,0"] {
            let e = rejection(q)
            XCTAssertEqual(e?.error, "conflicting parameters", q)
            XCTAssertEqual(e?.parameter, "sources", q)
        }
    }

    func testRepeatedSourcesIsA400() {
        XCTAssertEqual(rejection("sources=1&sources=0")?.error, "repeated parameter")
    }

    // MARK: style

    func testEveryStyleParsesAndDefaultsToIconSwitch() throws {
        XCTAssertEqual(try spec("").style, "iconSwitch")
        for name in ["iconSwitch", "switch", "tutorial"] { XCTAssertEqual(try spec("style=\(name)").style, name) }
        for name in ["button", "symbol"] { XCTAssertEqual(try spec("style=\(name)&label=Wi-Fi").style, name) }
    }

    func testUnknownStyleNamesTheStyles() {
        for value in ["toggle", "", "fancy"] {
            let e = rejection("style=\(value)")
            XCTAssertEqual(e?.parameter, "style")
            XCTAssertEqual(e?.expected, "a style: iconSwitch, switch, button, symbol, tutorial, or automatic (SwiftUI's default style: switch on iOS) (any case)")
        }
    }

    func testStyleDefaults() throws {
        let tutorial = try spec("style=tutorial&on=1")
        XCTAssertEqual(tutorial.tint, .named(.orange))
        XCTAssertEqual(tutorial.offColor, .named(.blue))
        XCTAssertEqual(try spec("style=tutorial&color=red").tint, .named(.red))   // color= still wins
        let symbol = try spec("style=symbol&label=Play&on=1")
        XCTAssertEqual(symbol.symbolName, "hare")
        XCTAssertEqual(try spec("style=symbol&label=Play&on=0").symbolName, "xmark.circle")
        XCTAssertEqual(try spec("style=symbol&label=Play&on=1&sym=tortoise.fill").symbolName, "tortoise.fill")
        XCTAssertEqual(try spec("style=button&label=Bold&on=1").symbolName, "")   // no symbol unless asked
        XCTAssertEqual(try spec("style=button&label=Bold&on=1&sym=bolt.fill").symbolName, "bolt.fill")
    }

    func testASymbolOnStyleSwitchSaysTheStyleHasNone() {
        for q in ["style=switch&sym=star", "style=switch&on_sym=star", "style=switch&offSymbol=moon"] {
            let e = rejection(q)
            XCTAssertEqual(e?.error, "conflicting parameters", q)
            XCTAssertTrue(e?.expected.contains("style switch has no symbol") == true, e?.expected ?? "")
        }
    }

    func testEveryStyleAnimates() throws {
        for (q, frames) in [("style=switch&on=1&animate=1", nil), ("style=tutorial&on=1&animate=1", 10),
                            ("style=button&label=A&animate=1&motion=reduce", 10),
                            ("style=symbol&label=A&sources=1,0&animate=1&fps=10&loop=1", nil)] {
            let a = try XCTUnwrap(try ToggleQuery(rawQuery: q).animation, q)
            if let frames { XCTAssertEqual(a.frames.count, frames, q) }
        }
        XCTAssertNil(try ToggleQuery(rawQuery: "style=switch&on=1&animate=0").animation)
    }

    /// The frame-size limit holds for every style, measured on the style's own canvas: a button
    /// with a long label at scale 4 and accessibility5 is over 400,000 px.
    func testAnimationFrameLimitUsesTheStylesCanvas() {
        let label = String(repeating: "Wide+label+", count: 6)
        let e = rejection("style=button&label=\(label)&scale=4&size=accessibility5&animate=1")
        XCTAssertEqual(e?.error, "picture too large")
        XCTAssertEqual(e?.parameter, "animate")
    }

    func testButtonAndSymbolNeedALabel() {
        for style in ["button", "symbol"] {
            let e = rejection("style=\(style)&on=1")
            XCTAssertEqual(e?.parameter, "label")
            XCTAssertEqual(e?.error, "missing parameter")
            XCTAssertTrue(e?.expected.contains("style \(style) draws its label") == true)
        }
    }

    func testBadLabels() {
        XCTAssertEqual(rejection("label=")?.parameter, "label")
        XCTAssertEqual(rejection("label=a%0Ab")?.parameter, "label")
        XCTAssertEqual(rejection("label=" + String(repeating: "x", count: 201))?.parameter, "label")
    }

    // MARK: keys

    func testDefaultStyleKeepsItsCanonicalKeyAndOthersDiffer() throws {
        let plain = try spec("on=1").canonicalKey
        XCTAssertEqual(try spec("on=1&style=iconSwitch").canonicalKey, plain)
        var keys: Set<String> = [plain]
        for q in ["on=1&style=switch", "on=1&style=tutorial", "on=1&style=button&label=A", "on=1&style=button&label=B",
                  "on=1&style=symbol&label=A", "on=1&label=A"] {
            XCTAssertTrue(keys.insert(try spec(q).canonicalKey).inserted, q)
        }
        // Equal pictures written differently share the key.
        XCTAssertEqual(try spec("style=switch&sources=1,1").canonicalKey, try spec("style=switch&on=true").canonicalKey)
    }
}
