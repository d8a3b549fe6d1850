import TextLayout
import Utilities

/// The canonical keys of pictures: equal for two requests exactly when their bytes are equal.
/// A key is the image cache's key and its FNV-1a is the ETag (so its text must not change for
/// the same picture: `CanonicalKeyFormatTests`). The one place keys are written: the spec's part
/// by `ToggleSpec.appendCanonicalKey(to:)` (through `KeyCursor`), the request's parts here.
/// Text is Swift's `description` of each value (`2.0`, `0.35`), so keys written this way equal
/// the keys once made by string interpolation.
public enum CanonicalKey {
    /// Bumped whenever the pixels of rows and cards change for the same query; part of their keys.
    public static let rowRendererVersion = "t2"

    /// `fonts=` and the font set's fingerprint (`FontSet.fingerprint`, taken at start-up from the
    /// contents of the font files in use): part of every key whose picture draws text, so two
    /// replicas with the same fonts agree and a server with other fonts never gives the same
    /// ETag to other bytes.
    public static let fontsPart: String = "fonts=" + TextLayout.shared.fontSet.fingerprintText

    /// A toggle in `format` (`png`, `svg`): `SPEC;FORMAT`; both themes' keys for `theme=auto`
    /// (whose dark colours the light key does not fix), `LIGHT|DARK;svg;auto`; for an animation
    /// also the `from` still's key (its colours and symbol show in the frames) and the motion,
    /// `SPEC|animate|FROM|CURVE|FPS|loop;png`.
    public static func toggle(_ spec: ToggleSpec, format: String, followsColorScheme: Bool,
                              animation: ToggleAnimation?) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(followsColorScheme ? 200 : 100)
        if let animation {
            spec.appendCanonicalKey(to: &key)
            appendAnimation(animation, to: &key)
            append(";", to: &key)
        } else if followsColorScheme {
            themed(spec, .light).appendCanonicalKey(to: &key)
            append("|", to: &key)
            themed(spec, .dark).appendCanonicalKey(to: &key)
            append(";", to: &key)
        } else {
            spec.appendCanonicalKey(to: &key)
            append(";", to: &key)
        }
        append(format, to: &key)
        if followsColorScheme && animation == nil { append(";auto", to: &key) }
        return key
    }

    /// A row: `row|VERSION|FONTS|"LABEL"[;lang=TAG]|WIDTH|SPEC|FORMAT[;auto]`, then
    /// `|animate|FROM|CURVE|FPS|loop` for an animated one (`fontsPart`, the label as a JSON
    /// string, the spec's language when it has one, the width in pt).
    public static func row(label: String, width: Double, spec: ToggleSpec, format: String,
                           followsColorScheme: Bool, animation: ToggleAnimation?) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(160 + label.utf8.count)
        append("row|", to: &key)
        append(rowRendererVersion, to: &key)
        append("|", to: &key)
        append(fontsPart, to: &key)
        append("|", to: &key)
        append(JSON.string(label), to: &key)
        appendLanguage(spec.language, to: &key)
        append("|", to: &key)
        append(width.description, to: &key)
        append("|", to: &key)
        spec.appendCanonicalKey(to: &key)
        append("|", to: &key)
        append(format, to: &key)
        if followsColorScheme { append(";auto", to: &key) }
        if let animation { appendAnimation(animation, to: &key) }
        return key
    }

    /// A card: `card|VERSION|FONTS|WIDTH|SCALE|SIZE|THEME|FORMAT[;auto]`, then
    /// `|"LABEL"[;lang=TAG]|SPEC` per row (`fontsPart`).
    public static func card(width: Double, scale: Double, size: DynamicTypeSize, appearance: Appearance,
                            format: String, followsColorScheme: Bool,
                            rows: [(label: String, spec: ToggleSpec)]) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(100 + rows.count * 200)
        append("card|", to: &key)
        append(rowRendererVersion, to: &key)
        append("|", to: &key)
        append(fontsPart, to: &key)
        for part in [width.description, scale.description, size.rawValue, appearance.rawValue] {
            append("|", to: &key)
            append(part, to: &key)
        }
        append("|", to: &key)
        append(format, to: &key)
        if followsColorScheme { append(";auto", to: &key) }
        for row in rows {
            append("|", to: &key)
            append(JSON.string(row.label), to: &key)
            appendLanguage(row.spec.language, to: &key)
            append("|", to: &key)
            row.spec.appendCanonicalKey(to: &key)
        }
        return key
    }

    /// What an animation adds to its picture's key: `|animate|FROM|CURVE|FPS|loop` (or `once`).
    static func appendAnimation(_ animation: ToggleAnimation, to key: inout [UInt8]) {
        let t = animation.transition
        append("|animate|", to: &key)
        t.fromSpec.appendCanonicalKey(to: &key)
        append("|", to: &key)
        append(t.motion.curve.rawValue, to: &key)
        append("|", to: &key)
        ASCIIDigits.appendDecimal(t.motion.framesPerSecond, to: &key)
        append(animation.loops ? "|loop" : "|once", to: &key)
    }

    /// `;lang=TAG` for a label with a language; nothing without one (the keys as before).
    static func appendLanguage(_ language: LanguageTag?, to key: inout [UInt8]) {
        guard let language else { return }
        append(";lang=", to: &key)
        append(language.canonical, to: &key)
    }

    static func themed(_ spec: ToggleSpec, _ appearance: Appearance) -> ToggleSpec {
        var s = spec
        s.appearance = appearance
        return s
    }

    /// Appends the UTF-8 of `text`.
    @inline(__always)
    static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }
}

/// Writes key text through a pointer into memory sized beforehand (no capacity or uniqueness
/// check per byte, as `Array.append` makes): the characters of Swift's `description`, as `CanonicalKey` writes them.
/// The caller sizes the memory for everything it writes (`KeyCursor.maximumDescriptionBytes`
/// per `Double`). Kept because appending to `[UInt8]` with `Double.description` costs more than
/// 2 % of an uncached SVG request (Benchmarks/profile/svg-callgrind.sh).
struct KeyCursor {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The longest `description` of a `Double` ("-1.7976931348623157e+308" is 24).
    static let maximumDescriptionBytes = 32

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// The UTF-8 of `text`.
    @inline(__always)
    mutating func put(_ text: String) {
        let written = text.utf8.withContiguousStorageIfAvailable { utf8 -> Int in
            if let source = utf8.baseAddress { (base + count).update(from: source, count: utf8.count) }
            return utf8.count
        }
        if let written {
            count += written
        } else {
            for b in text.utf8 { put(b) }
        }
    }

    /// `byte` in decimal, as `"\(byte)"`.
    @inline(__always)
    mutating func put(decimal byte: UInt8) {
        count += ASCIIDigits.writeDecimal(UInt(byte), to: base + count)
    }

    /// `value` in decimal, as `"\(value)"` for an `Int`.
    mutating func put(decimal value: Int) {
        count += ASCIIDigits.writeDecimal(value, to: base + count)
    }

    /// `value` as `value.description` (`"\(value)"`): `2.0`, `1.5`, `0.35`.
    ///
    /// A value of at most three decimals from 0 to 1,000,000 (every scale, padding, width and
    /// alpha a query can give, but alphas from two hex digits) is written digit by digit: it is
    /// the double nearest to `k / 1000` for a whole `k`, and the shortest decimal that reads back
    /// as that double (what `description` prints) is `k / 1000` without trailing zeros, since two
    /// decimals of at most 15 significant digits never round to the same double (`DBL_DIG`).
    /// Every other value goes through `description` itself.
    mutating func put(description value: Double) {
        if value >= 0, value <= 1_000_000, value.sign == .plus {
            // `(value * 1000).rounded()` without its libm call: the product is at most 1e9, so
            // `Int` holds it and `scaled - Double(k)` is exact.
            let scaled = value * 1000
            var k = Int(scaled)
            if scaled - Double(k) >= 0.5 { k += 1 }
            if Double(k) / 1000 == value {
                put(decimal: k / 1000)
                put(UInt8(ascii: "."))
                var fraction = k % 1000
                if fraction == 0 {
                    put(UInt8(ascii: "0"))
                    return
                }
                var divisor = 100
                while fraction > 0 {
                    put(UInt8(ascii: "0") + UInt8(fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
                return
            }
        }
        put(value.description)
    }
}
