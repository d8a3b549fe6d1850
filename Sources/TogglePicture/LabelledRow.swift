import TextLayout

/// A row's label laid out and the row around it (docs/design-facts.md sections 10 and 11): text
/// size and line height from the Dynamic Type category, the switch at its style's ideal size
/// (`ToggleStyle.idealSize`: the icon switch's track from section 2, `switch` and `tutorial`
/// 51 x 31 pt), the label's lines wrapped to the width the switch leaves.
///
/// A style that draws the label itself (`button`, `symbol`; SwiftUI's `makeBody` receives
/// `configuration.label`) makes the whole row: a `button` row is the label inside the button (seed
/// 001's `Toggle("Button Toggle Style", isOn:).toggleStyle(.button)`), a `symbol` row the label
/// above the symbol. The row offers the style its width (`ToggleSpec.proposedWidth`), so a long
/// label wraps inside the body, and draws no text of its own.
public struct LabelledRow: Sendable {
    public let layout: RowLayout
    /// The label's lines: the row's own, or as the style lays them out when `styleDrawsLabel`.
    public let text: TextBlock
    /// The label as given.
    public let label: String
    /// Whether the style's body draws the label (`ToggleStyle.needsLabel`); the row then draws no text.
    public let styleDrawsLabel: Bool

    /// The seed's row default width, pt (`/row`'s `width=`): an iPhone's 390 less the card's
    /// 2 x 20 pt margin.
    public static let defaultWidth = 350.0

    /// - Parameters:
    ///   - label: the text, one paragraph.
    ///   - spec: the toggle: its style (`ToggleStyles.style(of:)`), state and symbols give the
    ///     body's size; its Dynamic Type category the body size (17 pt at Large) and line height
    ///     (22 pt x factor).
    ///   - width: the row's width, pt.
    ///   - direction: forced direction, or nil for the label's first strong character.
    /// - Throws: `TextLayoutError.uncoveredCharacter` for a character no font of the set has.
    public init(label: String, spec: ToggleSpec, width: Double, direction: TextDirection? = nil,
                textLayout: TextLayout = .shared) throws {
        let size = spec.size
        let index = DynamicTypeSize.allCases.firstIndex(of: size)!
        let style = ToggleStyles.style(of: spec)
        self.label = label
        styleDrawsLabel = style.needsLabel
        if style.needsLabel {
            // The paragraph's direction decides the row's; the style then lays the label out
            // with it (mirrored), at the width the row offers.
            try textLayout.checkCoverage(of: label)
            let paragraph = direction ?? TextDirection.firstStrong(in: label) ?? .leftToRight
            let body = Self.body(spec, label: label, width: width, direction: paragraph, styleDrawsLabel: true)
            text = try style.label(body).text ?? textLayout.layout(label, size: BodyText.sizes[index],
                                                                   lineHeight: BodyText.lineHeight(factor: size.factor),
                                                                   maxWidth: width, direction: paragraph,
                                                                   language: spec.language)
            layout = RowLayout(width: width, body: style.idealSize(body), direction: paragraph)
        } else {
            let body = style.idealSize(spec)
            let text = try textLayout.layout(label, size: BodyText.sizes[index],
                                             lineHeight: BodyText.lineHeight(factor: size.factor),
                                             maxWidth: RowLayout.labelWidth(rowWidth: width, switchWidth: body.width),
                                             direction: direction, language: spec.language)
            self.text = text
            layout = RowLayout(width: width, switchWidth: body.width, switchHeight: body.height,
                               labelHeight: text.height, direction: text.direction)
        }
    }

    /// A row of the icon switch at Dynamic Type `size`.
    public init(label: String, size: DynamicTypeSize, width: Double, direction: TextDirection? = nil,
                textLayout: TextLayout = .shared) throws {
        var spec = ToggleSpec()
        spec.size = size
        try self.init(label: label, spec: spec, width: width, direction: direction, textLayout: textLayout)
    }

    /// The spec the row's body is drawn from: `spec` without margin or background (the row has
    /// them), mirrored for a right-to-left row, and, when the style draws the label, with the
    /// label and the row's width offered to it.
    public func body(_ spec: ToggleSpec) -> ToggleSpec {
        var body = Self.body(spec, label: label, width: layout.width, direction: layout.direction,
                             styleDrawsLabel: styleDrawsLabel)
        body.padding = 0
        body.background = nil
        return body
    }

    static func body(_ spec: ToggleSpec, label: String, width: Double, direction: TextDirection,
                     styleDrawsLabel: Bool) -> ToggleSpec {
        var body = spec
        body.mirrored = direction == .rightToLeft
        if styleDrawsLabel {
            body.label = label
            body.proposedWidth = width
        }
        return body
    }

    /// The first line's baseline, pt from the row's top.
    public var firstBaseline: Double { layout.label.y + text.baseline(ofLine: 0) }
}
