import Scene

/// The sRGB colour functions of CSS Color Module Level 4: `rgb()`/`rgba()` (section 5.1),
/// `hsl()`/`hsla()` (section 7) and `hwb()` (section 8), in the modern space-separated syntax
/// with an optional `/ alpha` (`rgb(255 149 0 / 50%)`, `hsl(35deg 100% 50%)`) and, for `rgb`
/// and `hsl`, the legacy comma syntax (`rgba(255, 149, 0, 0.5)`).
///
/// Stricter than a browser in one way: a value outside its range (a channel over 255 or 100 %,
/// an alpha over 1, a saturation over 100 %) is refused rather than clamped, so a typo is a 400.
/// Hues wrap (any angle is a hue). Channels are rounded to 8 bits; alpha is kept exact.
enum CSSColorFunction {
    /// One component as written.
    enum Component: Equatable {
        case number(Double)
        case percentage(Double)
        /// A hue with a unit, already in degrees.
        case angle(Double)
        /// The keyword `none` (modern syntax only): a missing component, treated as 0.
        case none
    }

    /// The colour, or nil when `text` is not one of the functions or is malformed or out of range.
    static func parse(_ text: String) -> RGBAColor? {
        let lower = text.lowercased()
        guard lower.utf8.count <= 128, let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
        let name = lower[..<open]
        let inside = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        guard let (components, alpha, legacy) = split(inside) else { return nil }
        let a: Double
        if let alpha {
            guard let value = alphaValue(alpha) else { return nil }
            a = value
        } else {
            a = 1
        }
        switch name {
        case "rgb", "rgba": return rgb(components, alpha: a, legacy: legacy)
        case "hsl", "hsla": return hsl(components, alpha: a, legacy: legacy)
        case "hwb" where !legacy: return hwb(components, alpha: a)
        default: return nil
        }
    }

    /// The three components and the alpha (if given), and whether the comma syntax was used.
    static func split(_ inside: Substring) -> (components: [Component], alpha: Component?, legacy: Bool)? {
        let legacy = inside.contains(",")
        var words: [Substring]
        var alphaWord: Substring? = nil
        if legacy {
            guard !inside.contains("/") else { return nil }
            words = inside.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
            guard words.count == 3 || words.count == 4, words.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
                return nil
            }
            if words.count == 4 { alphaWord = words.removeLast() }
        } else {
            let halves = inside.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            words = halves[0].split(whereSeparator: isSpace)
            if halves.count == 2 {
                let rest = halves[1].split(whereSeparator: isSpace)
                guard rest.count == 1 else { return nil }
                alphaWord = rest[0]
            }
            guard words.count == 3 else { return nil }
        }
        var components: [Component] = []
        for word in words {
            guard let c = component(word), !(legacy && c == .none) else { return nil }
            components.append(c)
        }
        var alpha: Component? = nil
        if let alphaWord {
            guard let c = component(alphaWord), !(legacy && c == .none) else { return nil }
            alpha = c
        }
        return (components, alpha, legacy)
    }

    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" }

    static func trimmed(_ s: Substring) -> Substring {
        var t = s.drop(while: isSpace)
        while let last = t.last, isSpace(last) { t = t.dropLast() }
        return t
    }

    /// A CSS number (`12`, `-1.5`, `.5`, `1e2`), optionally followed by `%` or an angle unit.
    static func component(_ word: Substring) -> Component? {
        if word == "none" { return Component.none }
        let units: [(String, (Double) -> Component)] = [
            ("%", { .percentage($0) }), ("deg", { .angle($0) }), ("grad", { .angle($0 * 0.9) }),
            ("rad", { .angle($0 * 180 / Double.pi) }), ("turn", { .angle($0 * 360) }),
        ]
        for (unit, make) in units where word.hasSuffix(unit) {
            return number(word.dropLast(unit.count)).map(make)
        }
        return number(word).map { .number($0) }
    }

    /// CSS `<number>`: sign, digits with at most one point, an optional exponent; finite.
    static func number(_ s: Substring) -> Double? {
        guard !s.isEmpty, s.utf8.count <= 24,
              s.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2e || $0 == 0x2b || $0 == 0x2d || $0 == 0x65 }),
              s.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// Alpha: a number 0...1 or a percentage 0...100 %; `none` is 0.
    static func alphaValue(_ c: Component) -> Double? {
        switch c {
        case .number(let v) where (0...1).contains(v): return v
        case .percentage(let p) where (0...100).contains(p): return p / 100
        case .none: return 0
        default: return nil
        }
    }

    /// `rgb()`: numbers 0...255 or percentages 0...100 % (legacy syntax: all of one kind).
    static func rgb(_ cs: [Component], alpha: Double, legacy: Bool) -> RGBAColor? {
        if legacy {
            let numbers = cs.allSatisfy { if case .number = $0 { true } else { false } }
            let percentages = cs.allSatisfy { if case .percentage = $0 { true } else { false } }
            guard numbers || percentages else { return nil }
        }
        var channels: [Double] = []
        for c in cs {
            switch c {
            case .number(let v) where (0...255).contains(v): channels.append(v / 255)
            case .percentage(let p) where (0...100).contains(p): channels.append(p / 100)
            case .none: channels.append(0)
            default: return nil
            }
        }
        return color(channels, alpha: alpha)
    }

    /// A hue in degrees from a number (degrees), an angle, or `none` (0).
    static func hue(_ c: Component) -> Double? {
        switch c {
        case .number(let v), .angle(let v): return v
        case .none: return 0
        case .percentage: return nil
        }
    }

    /// A saturation, lightness, whiteness or blackness as a fraction 0...1, from a percentage
    /// (or, in the modern syntax, a number meaning the same percentage).
    static func fraction(_ c: Component, legacy: Bool) -> Double? {
        switch c {
        case .percentage(let p) where (0...100).contains(p): return p / 100
        case .number(let v) where !legacy && (0...100).contains(v): return v / 100
        case .none: return 0
        default: return nil
        }
    }

    static func hsl(_ cs: [Component], alpha: Double, legacy: Bool) -> RGBAColor? {
        guard let h = hue(cs[0]), let s = fraction(cs[1], legacy: legacy), let l = fraction(cs[2], legacy: legacy) else {
            return nil
        }
        return color(hslToRGB(hue: h, saturation: s, lightness: l), alpha: alpha)
    }

    static func hwb(_ cs: [Component], alpha: Double) -> RGBAColor? {
        guard let h = hue(cs[0]), let w = fraction(cs[1], legacy: false), let b = fraction(cs[2], legacy: false) else {
            return nil
        }
        return color(hwbToRGB(hue: h, whiteness: w, blackness: b), alpha: alpha)
    }

    /// CSS Color 4 section 7.1 `hslToRgb`: hue in degrees (wrapped to 0..<360), saturation and
    /// lightness 0...1; returns red, green, blue in 0...1.
    static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> [Double] {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }

    /// CSS Color 4 section 8.1 `hwbToRgb`: whiteness and blackness 0...1; when they add up to
    /// 1 or more the colour is the gray w / (w + b).
    static func hwbToRGB(hue: Double, whiteness: Double, blackness: Double) -> [Double] {
        if whiteness + blackness >= 1 {
            let gray = whiteness / (whiteness + blackness)
            return [gray, gray, gray]
        }
        return hslToRGB(hue: hue, saturation: 1, lightness: 0.5).map { $0 * (1 - whiteness - blackness) + whiteness }
    }

    /// Channels in 0...1 rounded to 8 bits (half away from zero, as browsers serialize).
    static func color(_ channels: [Double], alpha: Double) -> RGBAColor {
        let bytes = channels.map { UInt8(min(max(($0 * 255).rounded(), 0), 255)) }
        return RGBAColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: alpha)
    }
}
