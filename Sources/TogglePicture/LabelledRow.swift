import TextLayout

/// A row's label laid out and the row around it: text size and line height from the Dynamic
/// Type category (docs/design-facts.md section 10), the switch's size from section 2, lines wrapped to the
/// width the switch leaves.
public struct LabelledRow: Sendable {
    public let layout: RowLayout
    public let text: TextBlock

    /// The seed's row default width, pt (`/row`'s `width=`): an iPhone's 390 less the card's
    /// 2 x 20 pt margin.
    public static let defaultWidth = 350.0

    /// - Parameters:
    ///   - label: the text, one paragraph.
    ///   - size: Dynamic Type category: body size (17 pt at Large), line height 22 pt x factor,
    ///     track height 32 pt x factor.
    ///   - width: the row's width, pt.
    ///   - direction: forced direction, or nil for the label's first strong character.
    /// - Throws: `TextLayoutError.uncoveredCharacter` for a character no bundled font has.
    public init(label: String, size: DynamicTypeSize, width: Double, direction: TextDirection? = nil,
                textLayout: TextLayout = .shared) throws {
        let index = DynamicTypeSize.allCases.firstIndex(of: size)!
        let trackHeight = ToggleLayout.baseTrackHeight * size.factor
        let trackWidth = ToggleLayout.aspectRatio * trackHeight
        let text = try textLayout.layout(label, size: BodyText.sizes[index],
                                         lineHeight: BodyText.lineHeight(factor: size.factor),
                                         maxWidth: RowLayout.labelWidth(rowWidth: width, switchWidth: trackWidth),
                                         direction: direction)
        self.text = text
        layout = RowLayout(width: width, switchWidth: trackWidth, switchHeight: trackHeight,
                           labelHeight: text.height, direction: text.direction)
    }

    /// The first line's baseline, pt from the row's top.
    public var firstBaseline: Double { layout.label.y + text.baseline(ofLine: 0) }
}
