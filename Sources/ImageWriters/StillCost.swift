/// What laying out, drawing and compressing a still PNG costs, in instructions as callgrind
/// counts them with every cache off, as the query estimates it before anything is drawn, and
/// the zlib effort that keeps it within `budget`: the best-compressing that fits (`compression`),
/// as `FrameCost` chooses an animation's; a still that fits at neither is a 400.
///
/// The pixels: at the encoders' own levels (`Compression.best`: 5 to 8 by the image's size)
/// zlib costs about `bestPerPixel` per px of a toggle (level 8 over transparent corners and a
/// shadow) or a row's or card's flat parts, plus `bestPerLabelPixel` per px of the label's line
/// boxes (antialiased glyphs leave deflate short matches); at level 3 (`Compression.cheapest`)
/// about half. The label's glyphs besides (shaping, outlining, decoding emoji) come from the
/// caller, as instructions (`LabelCost` in QueryLanguage). Fitted to `Benchmarks/worst/run.sh`
/// runs of rows, cards and toggles, rounded up (docs/performance.md, Worst requests).
public enum StillCost {
    /// The most instructions one still may cost: `FrameCost.budget`, about 100 ms of a core.
    public static let budget = FrameCost.budget

    /// How hard zlib works on a still's image data.
    public enum Compression: Sendable, Equatable {
        /// The encoder's own levels (`PNGEncoder.toggleStill`, `PNGEncoder.labelledStill`).
        case best
        /// zlib level 3 (`PNGEncoder.cheapest(_:)`): about half the instructions of the best
        /// for 13 to 60 % more bytes.
        case cheapest
    }

    static let bestPerPixel: (toggle: Int, labelled: Int) = (370, 250)
    static let bestPerLabelPixel = 170
    static let cheapestPerPixel = 135
    static let cheapestPerLabelPixel = 95

    /// The estimated instructions of a still of `kind` of `pixels` px, `labelPixels` of them in
    /// label line boxes, whose labels' glyphs cost `text` instructions, compressed with
    /// `compression`.
    public static func instructions(_ kind: PictureScenes.Kind, _ compression: Compression, pixels: Int,
                                    labelPixels: Int, text: Int) -> Int {
        let label = min(max(labelPixels, 0), pixels)
        switch compression {
        case .best:
            return text + pixels * (kind == .toggle ? bestPerPixel.toggle : bestPerPixel.labelled) + label * bestPerLabelPixel
        case .cheapest:
            return text + pixels * cheapestPerPixel + label * cheapestPerLabelPixel
        }
    }

    /// The best-compressing effort whose estimate fits `budget`, the labels' glyphs costing
    /// `text(effort)`; nil when not even the cheapest does.
    public static func compression(_ kind: PictureScenes.Kind, pixels: Int, labelPixels: Int,
                                   text: (Compression) -> Int) -> Compression? {
        if instructions(kind, .best, pixels: pixels, labelPixels: labelPixels, text: text(.best)) <= budget {
            return .best
        }
        if instructions(kind, .cheapest, pixels: pixels, labelPixels: labelPixels, text: text(.cheapest)) <= budget {
            return .cheapest
        }
        return nil
    }
}
