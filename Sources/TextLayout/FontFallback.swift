extension Unicode.Scalar {
    /// Letters take the first font that has them; everything else (spaces, digits, punctuation,
    /// symbols) stays in the font of the cluster before it when that font has it, so a space or
    /// a digit between two Arabic words is shaped with them.
    var choosesItsFont: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        default:
            return false
        }
    }
}

extension FontSet {
    /// Whether a grapheme cluster is presented as an emoji (UTS #51 section 4): it holds the
    /// emoji variation selector U+FE0F, a keycap U+20E3, a skin-tone modifier, a regional
    /// indicator or a ZWJ after an emoji, or it starts with a character whose default
    /// presentation is emoji (Emoji_Presentation) not followed by the text selector U+FE0E.
    static func isEmojiPresentation(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = cluster.first else { return false }
        if cluster.contains("\u{FE0E}") { return false }
        if first.properties.isEmojiPresentation { return true }
        return cluster.contains { scalar in
            scalar == "\u{FE0F}" || scalar == "\u{20E3}" || scalar.properties.isEmojiModifier
                || (0x1F1E6...0x1F1FF).contains(scalar.value)
        } || (first.properties.isEmoji && cluster.contains("\u{200D}"))
    }

    /// Whether font `id` maps every character of `scalars` that is not default-ignorable (ZWJ,
    /// variation selectors and the like are hidden by HarfBuzz whether or not the font has them).
    func covers(_ id: FontID, _ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || self[id].glyph(for: $0) != nil }
    }

    /// The font of one grapheme cluster, all of it in that font (a base and its marks, an emoji
    /// sequence, a flag): Noto Color Emoji for a cluster presented as emoji that it covers; a
    /// cluster not starting with a letter stays in `previous` (the cluster before's font) when
    /// that covers it; else the first font in fallback order that covers the whole cluster,
    /// Noto Sans CJK in `region`'s face. Nil when no font covers the cluster.
    func font(for cluster: ArraySlice<Unicode.Scalar>, after previous: FontID?, region: HanRegion) -> FontID? {
        if let emoji, Self.isEmojiPresentation(cluster), covers(emoji, cluster) { return emoji }
        guard let base = cluster.first(where: { !$0.properties.isDefaultIgnorableCodePoint }) else {
            return previous ?? .inter
        }
        if let previous, previous != emoji, !base.choosesItsFont, covers(previous, cluster) { return previous }
        guard let first = firstFont(for: base) else { return nil }
        var chosen = covers(first, cluster) ? first : nil
        if chosen == nil {
            // The base's first font lacks a mark of the cluster: the next font that has them all.
            let representative = hanFaces[.japanese] ?? hanFaces.values.min()
            chosen = fonts.indices.dropFirst(first.rawValue + 1).lazy.map(FontID.init).first { id in
                id != self.emoji && (!self.isHanFace(id) || id == representative) && self.covers(id, cluster)
            }
        }
        guard let chosen else { return nil }
        return isHanFace(chosen) ? hanFaces[region] ?? chosen : chosen
    }

    /// The font of each scalar of `scalars`, cluster by cluster (`clusterEnds`: the ends of the
    /// grapheme clusters, UAX #29).
    /// - Throws: `TextLayoutError.uncoveredCharacter` for a cluster no font covers, naming its
    ///   first character that no font has (or, when each has some font but none has them all,
    ///   the first one the base character's font lacks).
    func assignment(of scalars: [Unicode.Scalar], clusterEnds: [Int], region: HanRegion) throws -> [FontID] {
        var assigned: [FontID] = []
        assigned.reserveCapacity(scalars.count)
        var start = 0
        for end in clusterEnds {
            let cluster = scalars[start..<end]
            guard let font = font(for: cluster, after: assigned.last, region: region) else {
                throw TextLayoutError.uncoveredCharacter(uncovered(cluster))
            }
            assigned += repeatElement(font, count: end - start)
            start = end
        }
        return assigned
    }

    /// The character of `cluster` to name when no font covers it.
    private func uncovered(_ cluster: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar {
        let required = cluster.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let inNoFont = required.first { scalar in
            firstFont(for: scalar) == nil && emoji.map { self[$0].glyph(for: scalar) == nil } ?? true
        }
        if let inNoFont { return inNoFont }
        let baseFont = required.first.flatMap(firstFont(for:)) ?? .inter
        return required.first { self[baseFont].glyph(for: $0) == nil } ?? cluster.first!
    }
}

/// A stretch of text shaped as one: one font, one bidi level, in logical order. `range` is in
/// scalar offsets of the paragraph.
struct TextRun: Equatable {
    var font: FontID
    var level: UInt8
    var range: Range<Int>
}

/// `range` cut into maximal runs of one font and one level, in logical order.
func textRuns(_ range: Range<Int>, fonts: [FontID], levels: [UInt8]) -> [TextRun] {
    var runs: [TextRun] = []
    for i in range {
        if let last = runs.last, last.font == fonts[i], last.level == levels[i] {
            runs[runs.count - 1].range = last.range.lowerBound..<(i + 1)
        } else {
            runs.append(TextRun(font: fonts[i], level: levels[i], range: i..<(i + 1)))
        }
    }
    return runs
}
