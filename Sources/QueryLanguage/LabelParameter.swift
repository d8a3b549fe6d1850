import TextLayout
import TogglePicture

/// Checks of the `label` parameter of `/row` and `rowN.label` of `/card`, made while
/// parsing, so a bad label is a 400 and never reaches the renderer.
enum LabelParameter {
    /// Longest label, in characters (grapheme clusters).
    static let maximumLength = 200
    /// Most lines a label may wrap to (a row taller than that is not a settings row; it also
    /// bounds the picture's height).
    static let maximumLines = 12

    /// Most code points in one character (grapheme cluster) of a label: a starter and 30
    /// non-starters, the Stream-Safe Text Format's bound (UAX #15 section 13). The longest
    /// emoji ZWJ sequence (a kiss or couple with two skin tones) has 10.
    static let maximumScalarsPerCharacter = 31

    static let fonts = "Inter or the installed Noto fonts (docs/scripts.md)"

    /// Most pixels a still `/row`, `/card` or `/toggle` picture may have (14 MB of RGBA): a bound
    /// on the memory and time one request can take (docs/performance.md, Worst requests).
    static let maximumPixels = 3_500_000

    /// Checks a picture's size in px against `maximumPixels`.
    /// - Parameters: scalePair, widthPair: the `scale` and `width` parameters as sent, if they were.
    /// - Throws: `ParameterError` on the `scale` parameter (else `width`) saying how big it would
    ///   be, with the value as the client sent it (`4`, not `4.0`).
    static func checkArea(widthPt: Double, heightPt: Double, scale: Double, scalePair: QueryDecoder.Pair?,
                          widthPair: QueryDecoder.Pair?) throws(ParameterError) {
        let w = RowScene.pixels(widthPt, scale: scale), h = RowScene.pixels(heightPt, scale: scale)
        guard w * h > maximumPixels else { return }
        let blamed = scalePair ?? widthPair
        let value = blamed?.value ?? (widthPt == widthPt.rounded() ? String(Int(widthPt)) : "\(widthPt)")
        throw ParameterError(error: "picture too large", parameter: blamed?.name ?? "width", value: value,
                             expected: "a picture of at most \(maximumPixels) px (this one is \(w) x \(h)): "
                                 + "a smaller scale or width, fewer rows or shorter labels")
    }

    /// The label, checked: 1 to 200 characters, not only blank ones (`isBlank`), no control
    /// characters, every grapheme cluster in one font of the set.
    /// - Throws: `ParameterError` naming the parameter, the value and, for a bad character, its
    ///   code point.
    static func parse(_ p: QueryDecoder.Pair, textLayout: TextLayout = .shared) throws(ParameterError) -> String {
        let text = p.value
        guard !text.isEmpty, text.count <= maximumLength else {
            throw ParameterError(error: "invalid value", parameter: p.name, value: text,
                                 expected: "a label of 1 to \(maximumLength) characters (this one has \(text.count))")
        }
        if let control = text.unicodeScalars.first(where: isControl) {
            throw ParameterError(error: "invalid value", parameter: p.name, value: text,
                                 expected: "a label without control characters (\(TextLayoutError.codePointText(control)) is one)")
        }
        if let control = text.unicodeScalars.first(where: isEmbeddingOrOverride) {
            throw ParameterError(error: "invalid value", parameter: p.name, value: text,
                                 expected: "a label without bidi embeddings or overrides U+202A-U+202E "
                                     + "(\(TextLayoutError.codePointText(control)) \(control.properties.name ?? "") is one, "
                                     + "and would make the picture's text read otherwise than its alt text): use the "
                                     + "isolates U+2066-U+2069 (LRI, RLI, FSI, PDI) to set a run's direction")
        }
        if let long = text.first(where: { $0.unicodeScalars.count > maximumScalarsPerCharacter }) {
            throw ParameterError(error: "invalid value", parameter: p.name, value: text,
                                 expected: "characters of at most \(maximumScalarsPerCharacter) code points each (one "
                                     + "here has \(long.unicodeScalars.count), starting with "
                                     + "\(TextLayoutError.codePointText(long.unicodeScalars.first!))): a base character "
                                     + "with at most 30 combining marks or joined emoji")
        }
        if text.unicodeScalars.allSatisfy(isBlank) {
            throw ParameterError(error: "invalid value", parameter: p.name, value: text,
                                 expected: "a label with at least one visible character (this one has only spaces or "
                                     + "invisible characters: " + text.unicodeScalars.prefix(4).map(TextLayoutError.codePointText)
                                         .joined(separator: " ") + (text.unicodeScalars.count > 4 ? " ..." : "") + ")")
        }
        do {
            try textLayout.checkCoverage(of: text)
        } catch {
            let scalar: Unicode.Scalar
            if case .uncoveredCharacter(let s) = error as? TextLayoutError { scalar = s } else { scalar = "\u{FFFD}" }
            throw ParameterError(error: "invalid value", parameter: p.name, value: text,
                                 expected: "characters that \(fonts) have (\(TextLayoutError.codePointText(scalar)) is in none)")
        }
        return text
    }

    /// Control characters (general category Cc: C0, DEL, C1) and the line and paragraph
    /// separators: a label is one line of text, wrapped by us.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The bidi embedding and override controls (UAX #9 section 2.1): U+202A LEFT-TO-RIGHT
    /// EMBEDDING, U+202B RIGHT-TO-LEFT EMBEDDING, U+202C POP DIRECTIONAL FORMATTING, U+202D
    /// LEFT-TO-RIGHT OVERRIDE, U+202E RIGHT-TO-LEFT OVERRIDE. An override reorders the characters
    /// after it, so a label could draw one text while its alt text reads another; UAX #9
    /// recommends the isolates (U+2066-U+2069) instead, which are accepted.
    static func isEmbeddingOrOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A ... 0x202E).contains(scalar.value)
    }

    /// Characters that draw nothing: white space (U+0020, U+00A0, U+3000, ...), format characters
    /// (U+200B zero width space, U+200D, U+2060, U+FEFF) and the other default-ignorable code points
    /// (variation selectors, U+3164 Hangul filler). A label of only these would be a blank picture.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
    }

    /// `dir`: `ltr`, `rtl` or `auto` (the label's first strong character; the default).
    static func direction(_ p: QueryDecoder.Pair) throws(ParameterError) -> TextDirection? {
        switch p.value.lowercased() {
        case "ltr": return .leftToRight
        case "rtl": return .rightToLeft
        case "auto": return nil
        default: throw ToggleQuery.invalid(p, expected: "ltr, rtl or auto")
        }
    }

    /// Lays out a row (the switch in `spec`'s style), turning a label that wraps to too many lines into a 400 on `p`.
    static func row(label: String, parameter p: QueryDecoder.Pair, spec: ToggleSpec, width: Double,
                    direction: TextDirection?) throws(ParameterError) -> LabelledRow {
        let row: LabelledRow
        let size = spec.size
        do {
            row = try LabelledRow(label: label, spec: spec, width: width, direction: direction)
        } catch {
            throw ParameterError(error: "invalid value", parameter: p.name, value: label, expected: "\(error)")
        }
        guard row.text.lines.count <= maximumLines else {
            throw ParameterError(error: "invalid value", parameter: p.name, value: label,
                                 expected: "a label that fits in \(maximumLines) lines at width \(PictureSize.number(width)) pt "
                                     + "and size \(size.rawValue) (it needs \(row.text.lines.count)): a shorter label, a "
                                     + "wider width or a smaller size")
        }
        return row
    }
}
