extension TextLayout {
    /// Lays out a label as one paragraph: fonts per grapheme cluster (`FontSet.font(for:after:region:)`),
    /// levels by the Unicode Bidirectional Algorithm (ICU; the paragraph direction given, else
    /// rules P2/P3, else left to right), lines broken at UAX #14 opportunities to at most
    /// `maxWidth` pt (a longer segment between grapheme clusters), each line's runs in visual
    /// order (rule L2), each line `lineHeight` pt tall.
    /// - Parameters:
    ///   - size: font size, pt (`BodyText.sizes`).
    ///   - lineHeight: pt (`BodyText.lineHeight(factor:)`).
    ///   - maxWidth: pt; `.infinity` for one line.
    ///   - language: the label's language, or nil: HarfBuzz's language, the Han forms
    ///     (`HanRegion.of`) and ICU's line-break locale.
    /// - Throws: `TextLayoutError.uncoveredCharacter` naming a character no font has.
    public func layout(_ text: String, size: Double, lineHeight: Double, maxWidth: Double = .infinity,
                       direction: TextDirection? = nil, language: LanguageTag? = nil) throws -> TextBlock {
        let scalars = Array(text.unicodeScalars)
        let clusters = TextBoundaries.graphemeClusterEnds(scalars)
        let region = HanRegion.of(scalars, language: language)
        let fonts = try fontSet.assignment(of: scalars, clusterEnds: clusters, region: region)
        let setting = LineSetting(scalars: scalars, fonts: fonts, size: size, language: language, region: region)
        guard let paragraph = BidiParagraph(scalars, direction: direction) else {
            return TextBlock(lines: [line(setting, 0..<0, levels: [], order: [])],
                             direction: direction ?? .leftToRight, size: size, lineHeight: lineHeight)
        }
        let ranges = breakLines(opportunities: TextBoundaries.lineBreaks(scalars, locale: language?.icuLocale ?? ""),
                                clusterEnds: clusters, maxWidth: maxWidth,
                                width: measure(setting, levels: paragraph.levels))
        let resolved = ranges.count == 1 ? paragraph
            : BidiParagraph(scalars, direction: paragraph.direction, lineEnds: ranges.map(\.upperBound)) ?? paragraph
        let lines = ranges.enumerated().map { index, range in
            line(setting, range, levels: resolved.levels, order: resolved.visualOrder[ranges.count == 1 ? 0 : index])
        }
        return TextBlock(lines: lines, direction: paragraph.direction, size: size, lineHeight: lineHeight)
    }

    /// What every line of one label shares.
    private struct LineSetting {
        var scalars: [Unicode.Scalar]
        var fonts: [FontID]
        var size: Double
        var language: LanguageTag?
        var region: HanRegion
    }

    /// The language HarfBuzz gets for a run in `font`: the label's, else the Han face's own, else
    /// English for Inter (as before there was a choice) and none ("und") for the others.
    private func languageTag(_ font: FontID, _ setting: LineSetting) -> String {
        if let language = setting.language { return language.canonical }
        if fontSet.isHanFace(font) { return setting.region.languageTag }
        return font == .inter ? "en" : "und"
    }

    private func shape(_ run: TextRun, _ setting: LineSetting) -> ShapedRun {
        shape(String(String.UnicodeScalarView(setting.scalars[run.range])), font: run.font, size: setting.size,
              direction: TextDirection(level: run.level), language: languageTag(run.font, setting))
    }

    /// A width function for `breakLines`: the paragraph's runs shaped once, a range's width the sum
    /// of the advances of the glyphs that came from it, white space at its end left out.
    private func measure(_ setting: LineSetting, levels: [UInt8]) -> (Range<Int>) -> Double {
        var advances = [Double](repeating: 0, count: setting.scalars.count)
        for run in textRuns(0..<setting.scalars.count, fonts: setting.fonts, levels: levels) {
            for glyph in shape(run, setting).glyphs { advances[run.range.lowerBound + glyph.cluster] += glyph.advance }
        }
        return { range in
            advances[Self.trimmingTrailingWhiteSpace(range, of: setting.scalars)].reduce(0, +)
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
    private func line(_ setting: LineSetting, _ range: Range<Int>, levels: [UInt8], order: [Int]) -> TextLine {
        let visible = Self.trimmingTrailingWhiteSpace(range, of: setting.scalars)
        var position = [Int: Int]()
        for (place, index) in order.enumerated() { position[index] = place }
        let runs = textRuns(visible, fonts: setting.fonts, levels: levels)
            .sorted { position[$0.range.lowerBound, default: 0] < position[$1.range.lowerBound, default: 0] }
        // The tallest run's ascender and descender, as CoreText does for a line mixing fonts
        // (an empty line has Inter's).
        let used = runs.isEmpty ? [font(.inter)] : runs.map { font($0.font) }
        let size = setting.size
        return TextLine(text: String(String.UnicodeScalarView(setting.scalars[visible])),
                        runs: runs.map { shape($0, setting) },
                        ascender: used.map { Double($0.ascender) * size / Double($0.unitsPerEm) }.max()!,
                        descender: used.map { Double($0.descender) * size / Double($0.unitsPerEm) }.max()!)
    }
}
