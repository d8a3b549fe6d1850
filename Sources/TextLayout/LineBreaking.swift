/// Greedy line breaking at word boundaries: words (split at U+0020 SPACE) are added to a line
/// while its width stays within `maxWidth`; a word wider than a line on its own is broken between
/// grapheme clusters wherever it must. Runs of spaces count as one break. Never returns an empty
/// list; a line holds at least one grapheme cluster, so the result always ends.
///
/// - Parameters:
///   - text: the label.
///   - maxWidth: the widest a line may be, pt.
///   - width: measures a candidate line, pt.
func breakLines(_ text: String, maxWidth: Double, width: (String) throws -> Double) rethrows -> [String] {
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard !words.isEmpty else { return [text] }
    var lines: [String] = []
    var current = ""
    for word in words {
        let candidate = current.isEmpty ? word : current + " " + word
        if try width(candidate) <= maxWidth {
            current = candidate
            continue
        }
        if !current.isEmpty {
            lines.append(current)
            current = ""
        }
        if try width(word) <= maxWidth {
            current = word
            continue
        }
        // A word longer than a line: break it between grapheme clusters.
        var piece = ""
        for character in word {
            let longer = piece + String(character)
            if !piece.isEmpty, try width(longer) > maxWidth {
                lines.append(piece)
                piece = String(character)
            } else {
                piece = longer
            }
        }
        current = piece
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}
