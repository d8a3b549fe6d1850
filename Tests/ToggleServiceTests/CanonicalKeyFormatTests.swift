import ImageWriters
import XCTest
import Scene
@testable import TogglePicture
@testable import ToggleService
@testable import QueryLanguage

/// The canonical key is the image cache's key and is hashed into every ETag, so its text must
/// not change when the way it is written does: the key written as bytes (`appendCanonicalKey`,
/// `KeyCursor`) against the string-joining code it replaced, kept here as the reference, over
/// thousands of queries and specs.
final class CanonicalKeyFormatTests: XCTestCase {
    /// The spec's key as it was made before: `String` interpolation and `joined`.
    func legacyKey(_ spec: ToggleSpec) -> String {
        func key(_ c: RGBAColor) -> String { "\(c.red),\(c.green),\(c.blue),\(c.alpha)" }
        let (trackColor, symbolColor) = spec.resolvedColors
        let bg = spec.background?.resolved(in: spec.appearance) ?? .clear
        let base = [
            ToggleSpec.rendererVersion, spec.state.rawValue, spec.symbolName, key(trackColor), key(symbolColor),
            "\(spec.scale)", spec.size.rawValue, spec.disabled ? "d" : "e", key(bg.alpha == 0 ? .clear : bg), "\(spec.padding)",
        ].joined(separator: ";") + (spec.mirrored && spec.state != .mixed ? ";rtl" : "")
        guard spec.style != ToggleStyles.defaultName || !spec.label.isEmpty || spec.proposedWidth != nil else { return base }
        let off = spec.offColor.map { key($0.resolved(in: spec.appearance)) } ?? "-"
        // Added once on purpose: a style that draws its label names the font set the text is drawn
        // in (`CanonicalKey.fontsPart`); the queries here have no `lang` or `contrast`.
        let fonts = !spec.label.isEmpty && ToggleStyles.style(of: spec).needsLabel ? ";" + CanonicalKey.fontsPart : ""
        return base + ";" + [spec.style, key(spec.tint.resolved(in: spec.appearance)), off, spec.appearance.rawValue,
                             spec.mirrored ? "rtl" : "ltr", spec.proposedWidth.map { "w\($0)" } ?? "-",
                             "\(spec.label.utf8.count):" + spec.label].joined(separator: ";") + fonts
    }

    /// The picture's key as it was made before.
    func legacyKey(_ picture: ToggleRequest) -> String {
        if let animation = picture.animation {
            let t = animation.transition
            return [legacyKey(picture.spec), "animate", legacyKey(t.fromSpec), t.motion.curve.rawValue,
                    "\(t.motion.framesPerSecond)", animation.loops ? "loop" : "once"].joined(separator: "|")
                + ";" + picture.format.rawValue
        }
        guard picture.followsColorScheme else { return legacyKey(picture.spec) + ";" + picture.format.rawValue }
        var light = picture.spec, dark = picture.spec
        light.appearance = .light
        dark.appearance = .dark
        return legacyKey(light) + "|" + legacyKey(dark) + ";"
            + picture.format.rawValue + ";auto"
    }

    func testKeysOfManyQueriesAreTheOldText() throws {
        let states = ["", "on=1", "on=0", "state=mixed"]
        let colors = ["", "color=indigo", "color=12ab34", "color=rgba(60,60,67,0.21)", "tint=%23ff950080",
                      "color=rgb(1,2,3)", "off_color=pink", "off_color=00000000", "bg=black", "bg=rgba(0,0,0,0.5)"]
        let numbers = ["", "scale=2", "scale=1.5", "scale=3.25", "scale=1.125", "scale=4", "pad=0.5", "pad=64",
                       "pad=12.345", "scale=2.001&pad=7.1"]
        let others = ["", "sym=moon.fill", "size=accessibility5", "theme=dark", "disabled=1", "dir=rtl",
                      "label=Wi-Fi", "style=switch&label=%D7%A9%D7%9C%D7%95%D7%9D", "style=button&label=Bold",
                      "style=symbol&label=x", "animate=1", "animate=1&loop=1&fps=30&motion=reduce", "theme=auto"]
        var checked = 0
        for s in states {
            for c in colors {
                for n in numbers {
                    for o in others {
                        let query = [s, c, n, o].filter { !$0.isEmpty }.joined(separator: "&")
                        guard let parsed = try? ToggleQuery(rawQuery: query) else { continue }
                        XCTAssertEqual(parsed.spec.canonicalKey, legacyKey(parsed.spec), query)
                        for format in [ImageFormat.png, .svg] where !parsed.followsColorScheme || format == .svg {
                            let picture = ToggleRequest(query: parsed, format: format)
                            XCTAssertEqual(String(decoding: picture.canonicalKey, as: UTF8.self), legacyKey(picture), query)
                        }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 4000)
    }

    func testKeysOfSpecsWithUnusualNumbersAreTheOldText() {
        var generator = SystemRandomNumberGenerator()
        for i in 0..<3000 {
            var spec = ToggleSpec()
            spec.state = [.on, .off, .mixed][i % 3]
            spec.scale = [1, 2, 1.0 / 3, 3.999999, Double.random(in: 1...4, using: &generator)][i % 5]
            spec.padding = [0, 64, 0.1 + 0.2, 1e-7, Double.random(in: 0...64, using: &generator)][(i / 5) % 5]
            let alpha = [1, 0, 0.35, 128.0 / 255, Double.random(in: 0...1, using: &generator)][(i / 25) % 5]
            spec.tint = .fixed(RGBAColor(red: UInt8(i % 256), green: UInt8(i * 7 % 256), blue: 255, alpha: alpha))
            spec.background = i % 2 == 0 ? nil : .fixed(RGBAColor(red: 9, green: 99, blue: 199, alpha: alpha))
            if i % 4 == 3 { spec.proposedWidth = [320, 350.5, 1e20, Double.random(in: 0...1000, using: &generator)][i % 4] }
            if i % 8 == 7 { spec.label = "Ünïcode \(i)" }
            XCTAssertEqual(spec.canonicalKey, legacyKey(spec))
        }
    }

    func testNumbersAreWrittenAsTheirDescription() {
        var values: [Double] = []
        for k in 0...200_000 { values.append(Double(k) / 1000) }
        for k in stride(from: 0, through: 1_000_000_000, by: 9_973) { values.append(Double(k) / 1000) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            values.append(Double.random(in: 0...100, using: &generator))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        values += [-0.0, -1, 1e-4, 1e-5, 0.1 + 0.2, 999_999.999, 1_000_000, 1_000_000.001, 2e6, .infinity, .nan,
                   .greatestFiniteMagnitude, .leastNonzeroMagnitude, 1.0000000000000002]
        for value in values {
            XCTAssertEqual(written { $0.put(description: value) }, value.description)
        }
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(written { $0.put(decimal: byte) }, "\(byte)")
        }
        for value in [0, 7, 10, 99, 100, 12345, -1, -980, Int.max, Int.min] {
            XCTAssertEqual(written { $0.put(decimal: value) }, "\(value)")
        }
    }

    /// What `KeyCursor` writes in `body`, as a string.
    private func written(_ body: (inout KeyCursor) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            var cursor = KeyCursor(buffer.baseAddress!)
            body(&cursor)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: cursor.count), as: UTF8.self)
        }
    }
}
