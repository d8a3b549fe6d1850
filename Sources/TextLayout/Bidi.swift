import CICU

/// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph, from ICU's `ubidi`: the
/// paragraph level (given, or rules P2/P3), every character's resolved level (rules X1-X10,
/// W1-W7, N1-N2, I1-I2, then L1 per line) and each line's visual order (rule L2). Mirrored
/// glyphs (L4) are HarfBuzz's: a run at an odd level is shaped right to left, which mirrors
/// brackets by their Bidi_Mirroring_Glyph.
public struct BidiParagraph: Sendable, Equatable {
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    public let paragraphLevel: UInt8
    /// One resolved level per Unicode scalar of the text (odd: right to left), after rule L1
    /// for the lines given.
    public let levels: [UInt8]
    /// For each line, the scalar indices in the order they are shown from left to right
    /// (rule L2), one array per line.
    public let visualOrder: [[Int]]

    /// The paragraph direction: right to left when the paragraph level is odd.
    public var direction: TextDirection { TextDirection(level: paragraphLevel) }

    /// Resolves `scalars` as one paragraph.
    /// - Parameters:
    ///   - direction: the paragraph direction, or nil for rules P2/P3 (the first strong
    ///     character's, left to right when there is none; `dir=auto`).
    ///   - lineEnds: increasing scalar offsets ending the lines, the last `scalars.count`; nil or
    ///     empty for one line. With one line the text may hold several paragraphs (U+2029), as
    ///     Unicode's BidiCharacterTest.txt has; `paragraphLevel` is then the first one's.
    /// - Returns: nil for empty text or when ICU refuses the input (line ends out of order).
    public init?(_ scalars: [Unicode.Scalar], direction: TextDirection?, lineEnds: [Int]? = nil) {
        guard !scalars.isEmpty else { return nil }
        let text = UTF16Text(scalars)
        let ends = (lineEnds?.isEmpty ?? true) ? [scalars.count] : lineEnds!
        guard ends.last == scalars.count, ends.allSatisfy({ $0 >= 0 && $0 <= scalars.count }) else { return nil }
        let unitLimits = ends.map { Int32(text.unitOffsets[$0]) }
        let requested: UInt8 = switch direction {
        case .leftToRight: 0
        case .rightToLeft: 1
        case nil: UInt8(TIS_BIDI_LEVEL_AUTO)
        }
        var level: UInt8 = 0
        var unitLevels = [UInt8](repeating: 0, count: text.units.count)
        var visual = [Int32](repeating: 0, count: text.units.count)
        let status = tis_bidi_resolve(text.units, Int32(text.units.count), requested, unitLimits, Int32(unitLimits.count),
                                      &level, &unitLevels, &visual)
        guard status >= 0 else { return nil }
        paragraphLevel = level
        levels = scalars.indices.map { unitLevels[text.unitOffsets[$0]] }
        var lines: [[Int]] = []
        var start = 0
        for end in ends {
            let units = text.unitOffsets[start]..<text.unitOffsets[end]
            // Each scalar once: its first code unit (a surrogate pair's two units stay together).
            lines.append(visual[units].map { Int($0) }.filter { text.unitOffsets[text.scalarIndex(ofUnit: $0)] == $0 }
                .map { text.scalarIndex(ofUnit: $0) })
            start = end
        }
        visualOrder = lines
    }
}
