/// One laid-out line: its shaped runs in visual order (left to right) and its metrics, pt.
public struct TextLine: Sendable {
    /// The line's text, in logical order.
    public let text: String
    /// Runs left to right as drawn: for a right-to-left paragraph the logical order reversed
    /// (each run's glyphs are already in visual order).
    public let runs: [ShapedRun]
    /// Ascender and descender of the line, pt, both positive: the largest of its fonts' (a line
    /// mixing fonts takes the tallest run's, as CoreText does; docs/design-facts.md section 10:
    /// each font's own `hhea` / `OS/2` typo metrics, scaled to the size).
    public let ascender: Double
    public let descender: Double

    /// Sum of the runs' advances, pt.
    public var width: Double { runs.reduce(0) { $0 + $1.width } }
}

/// A label laid out in lines of one line height. Lengths in pt.
public struct TextBlock: Sendable {
    public let lines: [TextLine]
    /// The paragraph direction: lines start at the left for left-to-right, at the right otherwise.
    public let direction: TextDirection
    /// Font size, pt.
    public let size: Double
    /// Height of each line's box, pt.
    public let lineHeight: Double

    /// Width of the longest line, pt.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// Glyphs of every line, colour glyphs included.
    public var glyphCount: Int { lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } }
    /// `lines.count x lineHeight`, pt.
    public var height: Double { Double(lines.count) * lineHeight }

    /// Distance from the top of line `index`'s box to its baseline, pt:
    /// `(lineHeight - (ascender + descender)) / 2 + ascender` (docs/design-facts.md section 10), plus the
    /// boxes of the lines above it.
    public func baseline(ofLine index: Int) -> Double {
        let line = lines[index]
        return Double(index) * lineHeight + (lineHeight - (line.ascender + line.descender)) / 2 + line.ascender
    }

    /// Where each glyph of line `index` sits: pen x from the left of a box `boxWidth` pt wide
    /// (lines of a right-to-left paragraph end at its right edge), pt.
    public func lineStart(ofLine index: Int, boxWidth: Double) -> Double {
        direction == .rightToLeft ? boxWidth - lines[index].width : 0
    }
}

/// Text sizes of the seed's font, `.body`, by Dynamic Type category (Apple's Human Interface
/// Guidelines, "Typography": body at xSmall ... accessibility5; docs/design-facts.md section 10).
public enum BodyText {
    /// Point sizes in the order xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,
    /// accessibility1 ... accessibility5.
    public static let sizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    /// Line height at Large, pt; other categories scale it by their Dynamic Type factor.
    public static let lineHeightAtLarge = 22.0

    /// The body line height, pt, for a Dynamic Type `factor` (docs/design-facts.md section 2's table).
    public static func lineHeight(factor: Double) -> Double { lineHeightAtLarge * factor }
}
