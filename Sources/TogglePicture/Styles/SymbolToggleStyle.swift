import Geometry
import Scene

/// Seed 001's `MyToggleStyle` (docs/design-facts.md section 11): the label above a 50 x 50 pt
/// symbol (`VStack`, default spacing 8 pt), `hare` when on and `xmark.circle` when off; mixed
/// adds a 3 pt orange rectangle border around the whole (the seed's `.overlay` of the stack). The
/// symbol is drawn in the label colour (primary: black light, white dark); its frame stays 50 pt
/// at every Dynamic Type size (the seed's fixed `frame`). The border lies wholly outside the
/// stack's frame, so it never covers the symbol, whose glyph reaches the frame's edges (SwiftUI's
/// `stroke` straddles the edge, half inside, which hid the outer 1.5 pt of `xmark.circle`; this
/// picture keeps the symbol whole). The canvas keeps the border's 3 pt around the content in every
/// state, so the three states have the same size. Offered a width (`proposedWidth`, a row's),
/// the label wraps to it (less 6 pt). Mirrored (right to left),
/// the picture is the same: the stack has no leading or trailing part (a wrapped label's lines
/// end at the right).
public struct SymbolToggleStyle: ToggleStyle {
    public init() {}
    public var name: String { "symbol" }
    public var symbols: StyleSymbols? { StyleSymbols(on: "hare", off: "xmark.circle", mixed: "xmark.circle") }
    public var needsLabel: Bool { true }

    /// The stack (label, 8 pt, 50 pt symbol; as wide as the wider) and the 3 pt on every side
    /// where the warning border falls.
    public func idealSize(_ spec: ToggleSpec) -> SizeInPoints {
        let content = SymbolStyleLayout(spec: spec, label: label(spec)).content
        return SizeInPoints(width: content.width + 2 * SymbolStyleLayout.borderWidth,
                            height: content.height + 2 * SymbolStyleLayout.borderWidth)
    }

    /// The label, wrapped to `proposedWidth` less the border on either side.
    public func label(_ spec: ToggleSpec) -> StyleLabel {
        guard let proposed = spec.proposedWidth else { return StyleLabel.measured(spec) }
        return StyleLabel.measured(spec, maxWidth: proposed - 2 * SymbolStyleLayout.borderWidth)
    }

    /// Layers, bottom to top: background (if any), symbol, label, the mixed state's stroke.
    public func makeBody(_ spec: ToggleSpec) throws(ToggleRenderError) -> Scene {
        let label = self.label(spec)
        let layout = SymbolStyleLayout(spec: spec, label: label)
        let opacity = StyleDrawing.opacity(spec)
        var scene = StyleDrawing.canvas(spec, width: layout.canvasWidth, height: layout.canvasHeight)
        scene.append(try StyleDrawing.symbol(spec.symbolName, center: layout.symbolCenter, boxSide: layout.symbolBoxSide,
                                             color: Self.labelColor(spec.appearance), opacity: opacity))
        label.draw(at: layout.labelOrigin, scale: spec.scale, color: Self.labelColor(spec.appearance), opacity: opacity,
                   to: &scene)
        if spec.state == .mixed {
            scene.append(.fill(PathFill(layout.warningBorder, color: NamedColor.orange.resolved(in: spec.appearance),
                                        opacity: opacity, fillRule: .evenOdd)))
        }
        return scene
    }

    /// The label colour (docs/design-facts.md section 10): black light, white dark.
    static func labelColor(_ appearance: Appearance) -> RGBAColor {
        appearance == .light ? .black : .white
    }
}

/// The symbol style's geometry in px (docs/design-facts.md section 11; pt x scale).
public struct SymbolStyleLayout: Sendable {
    /// The symbol's frame, pt (`frame(width: 50, height: 50)`); its 24-unit design box is 1.2 x
    /// that, so the glyph (about 20/24 of the box) fills the frame, as `scaledToFit` does.
    public static let symbolFrame = 50.0
    /// `VStack`'s default spacing between label and symbol, pt.
    public static let spacing = 8.0
    /// The warning border's line width, pt (`stroke(lineWidth: 3)`), laid outside the content's edge.
    public static let borderWidth = 3.0

    /// The stack's size, pt (without the border and the margin).
    public let content: SizeInPoints
    public let canvasWidth: Int
    public let canvasHeight: Int
    /// The content's frame (label and symbol), px, canvas coordinates.
    public let contentX: Double, contentY: Double, contentWidth: Double, contentHeight: Double
    public let symbolCenter: Point
    public let symbolBoxSide: Double
    /// The label's top-left corner, px, centred horizontally over the symbol.
    public let labelOrigin: Point
    let scale: Double

    public init(spec: ToggleSpec, label: StyleLabel) {
        let s = spec.scale
        scale = s
        let width = max(label.width, Self.symbolFrame)
        let labelPart = label.height > 0 ? label.height + Self.spacing : 0
        let height = labelPart + Self.symbolFrame
        content = SizeInPoints(width: width, height: height)
        let margin = Self.borderWidth + spec.padding
        canvasWidth = StyleDrawing.pixels(width + 2 * margin, scale: s)
        canvasHeight = StyleDrawing.pixels(height + 2 * margin, scale: s)
        // Content centred in the whole-pixel canvas.
        contentWidth = width * s
        contentHeight = height * s
        contentX = (Double(canvasWidth) - contentWidth) / 2
        contentY = (Double(canvasHeight) - contentHeight) / 2
        symbolCenter = Point(contentX + contentWidth / 2, contentY + labelPart * s + Self.symbolFrame * s / 2)
        symbolBoxSide = Self.symbolFrame * 1.2 * s
        labelOrigin = Point(contentX + (contentWidth - label.width * s) / 2, contentY)
    }

    /// The 3 pt border around the content as a ring (outer rectangle 3 pt outside the content's
    /// frame, inner rectangle on it; even-odd).
    public var warningBorder: Path {
        var ring = Path.polygon(rectangle(inset: -Self.borderWidth * scale))
        ring.append(.polygon(rectangle(inset: 0)))
        return ring
    }

    private func rectangle(inset: Double) -> [Point] {
        let x0 = contentX + inset, y0 = contentY + inset
        let x1 = contentX + contentWidth - inset, y1 = contentY + contentHeight - inset
        return [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
    }
}
