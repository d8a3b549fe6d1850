import Geometry
import Scene
import TextLayout

/// The size a style's label takes, pt, and its laid-out text. The label is text in the body
/// style (docs/design-facts.md section 10: `.body.weight(.medium)`, the body size and a line
/// height of 22 pt x the Dynamic Type factor), on one line.
public struct StyleLabel: Sendable {
    /// Width and height of the label's lines, pt; zero for no label.
    public var width: Double
    public var height: Double
    /// The shaped text; nil for no label (or a size given by hand, as the geometry tests do).
    public var text: TextBlock?

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        text = nil
    }

    public static let none = StyleLabel(width: 0, height: 0)

    /// Body text size by Dynamic Type category, pt (xSmall ... accessibility5; 17 at Large).
    public static let bodySizes: [Double] = BodyText.sizes

    /// The body style's line height at `size`, pt: 22 x the category's factor.
    public static func lineHeight(_ size: DynamicTypeSize) -> Double { BodyText.lineHeight(factor: size.factor) }

    /// The body text size at `size`, pt.
    public static func bodySize(_ size: DynamicTypeSize) -> Double {
        bodySizes[DynamicTypeSize.allCases.firstIndex(of: size)!]
    }

    /// The label of `spec` shaped with the font set (Inter and the system's Noto fonts), its
    /// lines at most `maxWidth` pt wide (broken where UAX #14 allows; `.infinity`: one line),
    /// right to left when `spec.mirrored` (else by its first strong character); `.none` for no
    /// label, or for text no font covers (query parsing refuses such labels first).
    public static func measured(_ spec: ToggleSpec, maxWidth: Double = .infinity,
                                textLayout: TextLayout = .shared) -> StyleLabel {
        guard !spec.label.isEmpty,
              let block = try? textLayout.layout(spec.label, size: bodySize(spec.size), lineHeight: lineHeight(spec.size),
                                                 maxWidth: max(1, maxWidth),
                                                 direction: spec.mirrored ? .rightToLeft : nil, language: spec.language)
        else { return .none }
        var label = StyleLabel(width: block.width, height: block.height)
        label.text = block
        return label
    }

    /// The label's glyph outlines in px with its box's top-left corner at `origin` px; nil without text.
    public func path(at origin: Point, scale: Double, textLayout: TextLayout = .shared) -> Path? {
        guard let text else { return nil }
        return textLayout.path(of: text, x: origin.x / scale, y: origin.y / scale, boxWidth: width, scale: scale)
    }

    /// Appends the label's glyphs with its box's top-left corner at `origin` px (`LabelDrawing`);
    /// nothing without text.
    func draw(at origin: Point, scale: Double, color: RGBAColor, opacity: Double, to scene: inout Scene,
              textLayout: TextLayout = .shared) {
        guard let text else { return }
        LabelDrawing.append(text, x: origin.x / scale, y: origin.y / scale, boxWidth: width, scale: scale, color: color,
                            opacity: opacity, flatteningTolerance: nil, to: &scene, textLayout: textLayout)
    }
}
