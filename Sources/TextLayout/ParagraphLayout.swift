extension TextLayout {
    /// Lays out a label as one paragraph: fonts per character, levels by the Unicode
    /// Bidirectional Algorithm (ICU; the paragraph direction given, else rules P2/P3, else left
    /// to right), lines broken at UAX #14 opportunities to at most `maxWidth` pt (a longer
    /// segment between grapheme clusters), each line's runs in visual order (rule L2), each
    /// line `lineHeight` pt tall.
    /// - Parameters:
    ///   - size: font size, pt (`BodyText.sizes`).
    ///   - lineHeight: pt (`BodyText.lineHeight(factor:)`).
    ///   - maxWidth: pt; `.infinity` for one line.
    /// - Throws: `TextLayoutError.uncoveredCharacter` naming the first character no font has.
    public func layout(_ text: String, size: Double, lineHeight: Double, maxWidth: Double = .infinity,
                       direction: TextDirection? = nil) throws -> TextBlock {
        let scalars = Array(text.unicodeScalars)
        let fonts = try assignFonts(scalars)
        guard let paragraph = BidiParagraph(scalars, direction: direction) else {
            return TextBlock(lines: [line(scalars, 0..<0, fonts: [], levels: [], order: [], size: size)],
                             direction: direction ?? .leftToRight, size: size, lineHeight: lineHeight)
        }
        let ranges = breakLines(opportunities: TextBoundaries.lineBreaks(scalars),
                                clusterEnds: TextBoundaries.graphemeClusterEnds(scalars), maxWidth: maxWidth,
                                width: measure(scalars, fonts: fonts, levels: paragraph.levels, size: size))
        let resolved = ranges.count == 1 ? paragraph
            : BidiParagraph(scalars, direction: paragraph.direction, lineEnds: ranges.map(\.upperBound)) ?? paragraph
        let lines = ranges.enumerated().map { index, range in
            line(scalars, range, fonts: fonts, levels: resolved.levels,
                 order: resolved.visualOrder[ranges.count == 1 ? 0 : index], size: size)
        }
        return TextBlock(lines: lines, direction: paragraph.direction, size: size, lineHeight: lineHeight)
    }

    /// A width function for `breakLines`: the paragraph's runs shaped once, a range's width the sum
    /// of the advances of the glyphs that came from it, white space at its end left out.
    private func measure(_ scalars: [Unicode.Scalar], fonts: [BundledFont], levels: [UInt8],
                         size: Double) -> (Range<Int>) -> Double {
        var advances = [Double](repeating: 0, count: scalars.count)
        for run in textRuns(0..<scalars.count, fonts: fonts, levels: levels) {
            let shaped = shape(String(String.UnicodeScalarView(scalars[run.range])), font: run.font, size: size,
                               direction: TextDirection(level: run.level))
            for glyph in shaped.glyphs { advances[run.range.lowerBound + glyph.cluster] += glyph.advance }
        }
        return { range in
            let visible = Self.trimmingTrailingWhiteSpace(range, of: scalars)
            return advances[visible].reduce(0, +)
        }
    }

    /// `range` without the white space at its end (which hangs at a line's end).
    static func trimmingTrailingWhiteSpace(_ range: Range<Int>, of scalars: [Unicode.Scalar]) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, scalars[end - 1].properties.isWhitespace { end -= 1 }
        return range.lowerBound..<end
    }

    /// One line: the visible part of `range` cut into runs of one font and level, each shaped in
    /// its level's direction, placed in the order of `order` (the line's scalars left to right).
    private func line(_ scalars: [Unicode.Scalar], _ range: Range<Int>, fonts: [BundledFont], levels: [UInt8],
                      order: [Int], size: Double) -> TextLine {
        let visible = Self.trimmingTrailingWhiteSpace(range, of: scalars)
        var position = [Int: Int]()
        for (place, index) in order.enumerated() { position[index] = place }
        let runs = textRuns(visible, fonts: fonts, levels: levels)
            .sorted { position[$0.range.lowerBound, default: 0] < position[$1.range.lowerBound, default: 0] }
        let shaped = runs.map { run in
            shape(String(String.UnicodeScalarView(scalars[run.range])), font: run.font, size: size,
                  direction: TextDirection(level: run.level))
        }
        // The tallest run's ascender and descender, as CoreText does for a line mixing fonts
        // (an empty line has Inter's).
        let used = runs.isEmpty ? [font(.interMedium)] : runs.map { font($0.font) }
        return TextLine(text: String(String.UnicodeScalarView(scalars[visible])), runs: shaped,
                        ascender: used.map { Double($0.ascender) * size / Double($0.unitsPerEm) }.max()!,
                        descender: used.map { Double($0.descender) * size / Double($0.unitsPerEm) }.max()!)
    }
}
