import Utilities
import XCTest
@testable import ToggleService
import TogglePicture
@testable import QueryLanguage

/// The parameter contract of docs/design-facts.md section 4.
final class ToggleQueryTests: XCTestCase {
    func spec(_ q: String) throws -> ToggleSpec { try ToggleQuery(rawQuery: q).spec }

    func testDefaults() throws {
        let s = try spec("")
        XCTAssertEqual(s.state, .off)
        XCTAssertEqual(s.symbolName, "xmark")
        XCTAssertEqual(s.tint, .named(.green))
        XCTAssertEqual(s.scale, 1)
        XCTAssertEqual(s.size, .large)
        XCTAssertEqual(s.appearance, .light)
        XCTAssertFalse(s.disabled)
        XCTAssertNil(s.background)
        XCTAssertEqual(s.padding, 0)
    }

    func testBooleanSpellings() throws {
        for v in ["1", "true", "yes", "on", "TRUE"] { XCTAssertEqual(try spec("on=\(v)").state, .on, v) }
        for v in ["0", "false", "no", "off"] { XCTAssertEqual(try spec("on=\(v)").state, .off, v) }
        for v in ["2", "", "y", "onn", "-1"] {
            let e = rejection("on=\(v)")
            XCTAssertEqual(e?.parameter, "on")
            XCTAssertEqual(e?.value, v)
            // An empty value (a bare `on`) is told so first.
            XCTAssertEqual(e?.expected, (v.isEmpty ? "a value: on=1 or on=0 (a bare on gives none); " : "")
                           + "1, 0, true, false, yes, no, on or off")
        }
    }

    func testStateAndSymbols() throws {
        XCTAssertEqual(try spec("state=mixed").state, .mixed)
        XCTAssertEqual(try spec("state=mixed").symbolName, "minus")
        XCTAssertEqual(try spec("on=1").symbolName, "checkmark")
        XCTAssertEqual(try spec("on=1&sym=plus").symbolName, "plus")
        XCTAssertEqual(try spec("on=1&on_sym=plus").symbolName, "plus")
        XCTAssertEqual(try spec("on=1&onSymbol=plus").symbolName, "plus")
        XCTAssertEqual(try spec("on=0&offSymbol=minus").symbolName, "minus")
        XCTAssertEqual(rejection("state=half")?.parameter, "state")
        XCTAssertEqual(rejection("on=1&state=on")?.error, "conflicting parameters")
        XCTAssertEqual(rejection("on=1&sym=plus&on_sym=minus")?.error, "conflicting parameters")
        XCTAssertEqual(rejection("sym=no.such.symbol")?.parameter, "sym")
    }

    func testColourParameters() throws {
        XCTAssertEqual(try spec("color=indigo").tint, .named(.indigo))
        XCTAssertEqual(try spec("tint=%23ff0000").tint, ColorSpecifier.parse("ff0000"))
        XCTAssertEqual(try spec("off_color=red").offColor, .named(.red))
        XCTAssertEqual(try spec("bg=white").background, .named(.white))
        let e = rejection("color=notacolor")
        XCTAssertEqual(e?.parameter, "color")
        XCTAssertEqual(e?.value, "notacolor")
        XCTAssertTrue(e?.expected.contains("indigo") ?? false)
    }

    func testScaleSizeThemePad() throws {
        XCTAssertEqual(try spec("scale=2").scale, 2)
        XCTAssertEqual(try spec("scale=1.5").scale, 1.5)
        XCTAssertEqual(try spec("scale=4").scale, 4)
        for bad in ["0", "0.99", "4.01", "5", "-1", "1e0", "+2", " 2", "2.", ".5", "nan", "inf", "2,5", ""] {
            XCTAssertEqual(rejection("scale=\(bad)")?.parameter, "scale", bad)
        }
        XCTAssertEqual(try spec("size=xxxLarge").size, .xxxLarge)
        XCTAssertEqual(try spec("size=accessibility5").size, .accessibility5)
        XCTAssertEqual(rejection("size=huge")?.parameter, "size")
        XCTAssertEqual(try spec("theme=dark").appearance, .dark)
        XCTAssertEqual(rejection("theme=sepia")?.parameter, "theme")
        XCTAssertEqual(try spec("pad=8").padding, 8)
        XCTAssertEqual(try spec("pad=0").padding, 0)
        XCTAssertEqual(rejection("pad=65")?.parameter, "pad")
        XCTAssertEqual(try spec("disabled=yes").disabled, true)
    }

    func testRepeatsAreErrorsUnknownsAreIgnored() throws {
        XCTAssertEqual(rejection("on=1&on=1")?.error, "repeated parameter")
        XCTAssertEqual(rejection("color=red&tint=blue")?.error, "repeated parameter")
        let q = try ToggleQuery(rawQuery: "on=1&v=3&utm_source=x&v=4")
        XCTAssertEqual(q.ignored, ["v", "utm_source"])
        XCTAssertEqual(q.spec.state, .on)
        XCTAssertEqual(try ToggleQuery(rawQuery: nil, impliedScale: 2).spec.scale, 2)
        XCTAssertThrowsError(try ToggleQuery(rawQuery: "scale=3", impliedScale: 2))
    }

    func testNamesAreCaseSensitive() throws {
        // `ON` is not `on`; it is the misspelling of a known name, so a 400 that says so
        // rather than an image drawn without it.
        let e = rejection("ON=1")
        XCTAssertEqual(e?.error, "unknown parameter")
        XCTAssertTrue(e?.expected.hasPrefix("did you mean on?") ?? false, e?.expected ?? "")
    }

    /// A misspelt name is a 400 with a suggestion: `colour=indigo` was a green 200.
    func testMisspeltNamesAreErrorsThatSuggestTheKnownName() throws {
        for (query, suggestion) in [
            ("colour=indigo&on=1", "color"), ("colr=red", "color"), ("on_symbol=plus", "onSymbol"),
            ("themes=dark", "theme"), ("Color=red", "color"), ("off-color=red", "off_color"),
            ("off_colour=red", "off_color"), ("sclae=2", "scale"), ("disable=1", "disabled"),
            ("backgroun=red", nil), ("stat=on", "state"), ("tnt=red", "tint"), ("OffSymbol=plus", "offSymbol"), ("padd=3", "pad"),
        ] as [(String, String?)] {
            guard let suggestion else { continue }
            let e = rejection(query)
            XCTAssertEqual(e?.error, "unknown parameter", query)
            XCTAssertEqual(e?.parameter, String(query.prefix { $0 != "=" }), query)
            XCTAssertTrue(e?.expected.hasPrefix("did you mean \(suggestion)?") ?? false, "\(query): \(e?.expected ?? "")")
            XCTAssertTrue(e?.expected.contains("off_sym (or offSymbol)") ?? false)
        }
        // Cache-busters and other names far from every parameter stay ignored.
        let busters = ["v", "t", "_", "cb", "ts", "r", "rand", "nonce", "cache", "cachebust", "utm_source",
                       "version", "ref", "time", "date", "width", "x"]
        let q = try ToggleQuery(rawQuery: busters.map { $0 + "=1" }.joined(separator: "&") + "&on=1")
        XCTAssertEqual(q.ignored, busters)
        XCTAssertEqual(q.spec.state, .on)
    }

    /// Every parameter row is reachable by each of its names, and the aliases are the documented ones.
    func testParameterTableNamesTheDocumentedParameters() throws {
        XCTAssertEqual(ToggleQuery.parameters.map(\.name),
                       ["on", "state", "sources", "style", "label", "on_sym", "off_sym", "sym", "color", "off_color",
                        "bg", "scale", "size", "theme", "disabled", "dir", "lang", "pad", "animate", "from", "motion", "loop",
                        "fps", "contrast"])
        let rows: [(ParameterRow, String)] = [
            (.on, "on"), (.state, "state"), (.sources, "sources"), (.style, "style"), (.label, "label"),
            (.onSym, "on_sym"), (.offSym, "off_sym"), (.sym, "sym"), (.color, "color"), (.offColor, "off_color"),
            (.bg, "bg"), (.scale, "scale"), (.size, "size"), (.theme, "theme"), (.disabled, "disabled"), (.dir, "dir"),
            (.lang, "lang"), (.pad, "pad"), (.animate, "animate"), (.from, "from"), (.motion, "motion"), (.loop, "loop"), (.fps, "fps"),
            (.contrast, "contrast"),
        ]
        XCTAssertEqual(rows.count, ParameterRow.allCases.count)
        XCTAssertEqual(ToggleQuery.parameters.count, ParameterRow.allCases.count)
        for (row, name) in rows { XCTAssertEqual(ToggleQuery.parameters[row.rawValue].name, name) }
        XCTAssertEqual(ToggleQuery.canonicalNames["tint"], "color")
        XCTAssertEqual(ToggleQuery.canonicalNames["onSymbol"], "on_sym")
        XCTAssertEqual(ToggleQuery.canonicalNames["offSymbol"], "off_sym")
    }

    /// The ETag the responder sends for `query`: the strong tag of the spec's canonical key.
    func entityTag(_ query: String) throws -> String {
        EntityTag.strong(hashing: try spec(query).canonicalKey.utf8)
    }

    /// `plainDecimal` reads what `Double(String)` (strtod, correctly rounded) reads, for the texts
    /// a plain decimal accepts, and refuses the rest: over random digit strings of every length
    /// and point position, the fast path's edge at 2^53 and near-halfway cases.
    func testPlainDecimalsReadAsDoubleDoes() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "1", "4", "1.5", "0.001", "9007199254740992", "9007199254740993", "9999999999999999",
                     "0.1", "0.3", "2.675", "1.00000000000002", "123456789012.345", "64", "64.0", "00.5"]
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...16, using: &generator)
            var text = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if length > 2, Bool.random(using: &generator) {
                let at = text.index(text.startIndex, offsetBy: Int.random(in: 1..<(length - 1), using: &generator))
                text.replaceSubrange(at...at, with: ".")
            }
            texts.append(text)
        }
        for text in texts {
            XCTAssertEqual(ToggleQuery.plainDecimal(Array(text.utf8)), Double(text), text)
        }
        for refused in ["", ".5", "5.", "1..2", "1.2.3", "-1", "+1", "1e3", " 1", "12345678901234567", "1.0000000000000002", "0x10", "1,5"] {
            XCTAssertNil(ToggleQuery.plainDecimal(Array(refused.utf8)), refused)
        }
    }

    /// The packed-name table finds every accepted name's row, as the dictionary does, and no
    /// other name: prefixes, extensions, case changes, a NUL after the name, long names.
    func testParameterNameTableMatchesTheDictionary() {
        for (name, row) in ToggleQuery.parameterRows {
            XCTAssertEqual(ParameterNameTable.row(named: name), row, name)
            for other in [String(name.dropLast()), name + "x", name.uppercased(), name + "\u{0}", "x" + name,
                          name + String(repeating: "_", count: 16)] where ToggleQuery.parameterRows[other] == nil {
                XCTAssertNil(ParameterNameTable.row(named: other), other)
            }
        }
        XCTAssertNil(ParameterNameTable.row(named: ""))
        XCTAssertNil(ParameterNameTable.row(named: "colour"))
    }

    func testEntityTagIsFNV1a64() {
        // Reference values: the FNV test suite (Fowler, Noll, Vo; isthe.com/chongo/tech/comp/fnv).
        XCTAssertEqual(EntityTag.strong(hashing: "".utf8), "\"cbf29ce484222325\"")
        XCTAssertEqual(EntityTag.strong(hashing: "a".utf8), "\"af63dc4c8601ec8c\"")
        XCTAssertEqual(EntityTag.strong(hashing: "foobar".utf8), "\"85944171f73967e8\"")
        // Not contiguous: the generic path gives the same tag.
        XCTAssertEqual(EntityTag.strong(hashing: "foobar".utf8.lazy.map { $0 }), "\"85944171f73967e8\"")
        // From the hash taken once (as the responder does for the tag and the image cache's key).
        XCTAssertEqual(StableHash.fnv1a("foobar".utf8), 0x8594_4171_f739_67e8)
        XCTAssertEqual(EntityTag.strong(fnv1a: 0x0a00_0000_0000_00ff), "\"0a000000000000ff\"")
        // The image cache's hash: MurmurHash3's fmix64 of the FNV-1a (computed apart, in Python).
        XCTAssertEqual(ImageCache.Key("foobar").hash, 0x2c22_1949_22d1_672b)
        XCTAssertEqual(ImageCache.Key(bytes: Array("foobar".utf8), fnv1a: 0x8594_4171_f739_67e8), ImageCache.Key("foobar"))
    }

    func testPlainAndEscapedComponentsDecodeAlike() throws {
        let plain = try QueryDecoder.decode("on=1&color=12ab34&label=Wi-Fi")
        XCTAssertEqual(plain, try QueryDecoder.decode("o%6E=1&color=%31%32ab34&label=Wi%2DFi"))
        XCTAssertEqual(plain.map(\.value), ["1", "12ab34", "Wi-Fi"])
        XCTAssertEqual(try QueryDecoder.decode("label=a+b&x").map(\.value), ["a b", ""])
        XCTAssertThrowsError(try QueryDecoder.decode("label=a%00b"))
        XCTAssertThrowsError(try QueryDecoder.decode("label=%ff"))
    }

    func testEquivalentQueriesShareOneEntityTag() throws {
        let a = try entityTag("on=1&color=green")
        XCTAssertEqual(a, try entityTag("state=on"))
        XCTAssertEqual(a, try entityTag("on=true&tint=34C759"))
        XCTAssertEqual(a, try entityTag("on=yes&off_color=red&off_sym=plus"))  // off-only settings unused when on
        XCTAssertNotEqual(a, try entityTag("on=0"))
        XCTAssertNotEqual(a, try entityTag("on=1&theme=dark"))
        XCTAssertNotEqual(a, try entityTag("on=1&scale=2"))
        XCTAssertEqual(try entityTag("scale=2"), try entityTag("scale=2.0"))
    }
}

/// `animate`, `from`, `motion`, `loop`, `fps` (docs/design-facts.md section 2, Animation).
final class AnimationQueryTests: XCTestCase {
    func testDefaults() throws {
        XCTAssertNil(try ToggleQuery(rawQuery: "on=1").animation)
        XCTAssertNil(try ToggleQuery(rawQuery: "on=1&animate=0").animation)
        let a = try XCTUnwrap(try ToggleQuery(rawQuery: "on=1&animate=1").animation)
        XCTAssertEqual(a.transition.from, .off)
        XCTAssertEqual(a.transition.motion, ToggleMotion(curve: .spring, framesPerSecond: 60))
        XCTAssertFalse(a.loops)
        XCTAssertEqual(try ToggleQuery(rawQuery: "on=0&animate=1").animation?.transition.from, .on)
        XCTAssertEqual(try ToggleQuery(rawQuery: "state=mixed&animate=yes").animation?.transition.from, .off)
        let b = try XCTUnwrap(try ToggleQuery(rawQuery: "state=on&animate=1&from=mixed&motion=reduce&loop=1&fps=24").animation)
        XCTAssertEqual(b.transition.from, .mixed)
        XCTAssertEqual(b.transition.motion, ToggleMotion(curve: .reduce, framesPerSecond: 24))
        XCTAssertTrue(b.loops)
        // The largest Dynamic Type size at scale 3 (487 x 271 px a frame) animates at 10 fps,
        // played once: its 60 fps frames, or scale 4's at 10, are over the bound on an
        // animation's cost (WorstRequestTests).
        XCTAssertNotNil(try ToggleQuery(rawQuery: "on=1&animate=1&fps=10&scale=3&size=accessibility5").animation)
    }

    func testBadValuesAre400sNamingParameterValueAndWhatIsAccepted() {
        let cases: [(String, String, String, String)] = [
            ("animate=2", "animate", "2", "1, 0, true, false, yes, no, on or off"),
            ("animate=1&loop=yes%20please", "loop", "yes please", "1, 0, true, false, yes, no, on or off"),
            ("animate=1&from=sideways", "from", "sideways", "on, off or mixed"),
            ("on=1&animate=1&from=on", "from", "on", "a state other than the one drawn (on): off or mixed"),
            ("animate=1&motion=bouncy", "motion", "bouncy",
             "spring (the default) or reduce (Reduce Motion: ease-in-out over 0.15 s, crossfade)"),
            ("animate=1&fps=61", "fps", "61", "a whole number of frames per second from 10 to 60"),
            ("animate=1&fps=9", "fps", "9", "a whole number of frames per second from 10 to 60"),
            ("animate=1&fps=30.5", "fps", "30.5", "a whole number of frames per second from 10 to 60"),
            ("animate=1&fps=%2B30", "fps", "+30", "a whole number of frames per second from 10 to 60"),
            ("from=on", "from", "on", "animate=1 with from (it only applies to an animation)"),
            ("animate=0&loop=1", "loop", "1", "animate=1 with loop (it only applies to an animation)"),
            ("animate=1&animate=1", "animate", "1", "at most one of animate"),
            // 1,161 x 873 px a frame: about 1,000 times a toggle's cost (QA).
            ("on=1&animate=1&loop=1&scale=4&size=accessibility5&pad=64", "animate", "1",
             "an animation frame of at most 400000 px (this one is 1161 x 873 px at scale 4, size accessibility5, pad 64): lower scale, size or pad"),
        ]
        for (query, parameter, value, expected) in cases {
            let e = rejection(query)
            XCTAssertEqual(e?.parameter, parameter, query)
            XCTAssertEqual(e?.value, value, query)
            XCTAssertEqual(e?.expected, expected, query)
        }
    }

    func testCacheKeys() throws {
        func key(_ q: String) throws -> String {
            String(decoding: ToggleRequest(query: try ToggleQuery(rawQuery: q), format: .png).canonicalKey, as: UTF8.self)
        }
        XCTAssertNotEqual(try key("on=1"), try key("on=1&animate=1"))
        XCTAssertEqual(try key("on=1&animate=1"), try key("on=true&animate=yes&from=off&motion=spring&fps=60&loop=0"))
        XCTAssertEqual(try key("on=1&off_color=red"), try key("on=1&off_color=blue"), "the still shows no off track")
        XCTAssertNotEqual(try key("on=1&animate=1&off_color=red"), try key("on=1&animate=1&off_color=blue"),
                          "the animation starts on the off track")
        XCTAssertNotEqual(try key("on=1&animate=1"), try key("on=1&animate=1&loop=1"))
        XCTAssertNotEqual(try key("on=1&animate=1"), try key("on=1&animate=1&fps=30"))
        XCTAssertNotEqual(try key("on=1&animate=1"), try key("on=1&animate=1&motion=reduce"))
        XCTAssertNotEqual(try key("on=1&animate=1"), try key("on=1&animate=1&from=mixed"))
    }
}
