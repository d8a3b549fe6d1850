/// The size a style's label takes, pt. The label is text in the body style
/// (docs/design-facts.md section 10: `.body.weight(.medium)`, line height 22 pt x the Dynamic
/// Type factor).
///
/// Text shaping (the `TextLayout` target) is not part of this build yet, so
/// `StyleLabel.measured(_:)` gives an empty label: the `button` and `symbol` styles lay out and
/// draw everything but the text. The layouts take the label's size as an input, so their
/// geometry (and its tests) already place text of any size.
public struct StyleLabel: Sendable, Equatable {
    /// Width and height of the label's lines, pt; zero for no label.
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let none = StyleLabel(width: 0, height: 0)

    /// Body text size by Dynamic Type category, pt (xSmall ... accessibility5; 17 at Large).
    public static let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

    /// The body style's line height at `size`, pt: 22 x the category's factor.
    public static func lineHeight(_ size: DynamicTypeSize) -> Double { 22 * size.factor }

    /// The body text size at `size`, pt.
    public static func bodySize(_ size: DynamicTypeSize) -> Double {
        bodySizes[DynamicTypeSize.allCases.firstIndex(of: size)!]
    }

    /// The label of `spec` as laid out for drawing (see the type's note: empty until text
    /// shaping is in the build).
    public static func measured(_ spec: ToggleSpec) -> StyleLabel { .none }
}
