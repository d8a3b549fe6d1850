import Geometry
import Scene
import TextLayout

/// SwiftUI's `.button` toggle style (seed 001; docs/design-facts.md section 11): a rounded
/// rectangle with continuous corners of 8 pt, 34 pt high at Large (scaled by Dynamic Type),
/// 14 pt padding each side, the label in body text, after an optional symbol (`sym`).
/// Off: the tint at 0.15 behind text and symbol in the tint. On: the tint behind white text and
/// symbol. Mixed (our reading): as off, with `minus` before the label. Mirrored (right to left):
/// the symbol stays at the leading end, now right of the label. Offered a width
/// (`proposedWidth`, a row's), the label wraps inside the padding and the button grows 22 pt x
/// factor per extra line.
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public var name: String { "button" }
    public var symbols: StyleSymbols? { StyleSymbols(on: "", off: "", mixed: "minus") }
    public var needsLabel: Bool { true }

    /// The button's size: the padding, symbol, gap and label wide; 34 pt x factor high for one line.
    public func idealSize(_ spec: ToggleSpec) -> SizeInPoints {
        ButtonLayout(spec: spec, label: label(spec)).size
    }

    /// The label, wrapped to what `proposedWidth` leaves beside the padding and the symbol.
    public func label(_ spec: ToggleSpec) -> StyleLabel {
        guard let proposed = spec.proposedWidth else { return StyleLabel.measured(spec) }
        let symbolSide = spec.symbolName.isEmpty ? 0 : StyleLabel.bodySize(spec.size) + ButtonLayout.symbolSpacing
        return StyleLabel.measured(spec, maxWidth: proposed - 2 * ButtonLayout.horizontalPadding - symbolSide)
    }

    /// Layers, bottom to top: background (if any), the button's fill, symbol, label (glyph outlines).
    public func makeBody(_ spec: ToggleSpec) throws(ToggleRenderError) -> Scene {
        let label = self.label(spec)
        let layout = ButtonLayout(spec: spec, label: label)
        let opacity = StyleDrawing.opacity(spec)
        var scene = StyleDrawing.canvas(spec, width: layout.canvasWidth, height: layout.canvasHeight)
        let tint = spec.tint.resolved(in: spec.appearance)
        let on = spec.state == .on
        scene.append(.fill(PathFill(layout.shape, color: tint, opacity: opacity * (on ? 1 : ButtonLayout.offFillOpacity))))
        if let symbolBox = layout.symbolBox {
            scene.append(try StyleDrawing.symbol(spec.symbolName, center: symbolBox.center, boxSide: symbolBox.side,
                                                 color: on ? .white : tint, opacity: opacity))
        }
        label.draw(at: layout.labelOrigin, scale: spec.scale, color: on ? .white : tint, opacity: opacity, to: &scene)
        return scene
    }
}

/// The button style's geometry in px (docs/design-facts.md section 11; pt x scale).
public struct ButtonLayout: Sendable {
    /// Height at Large, pt; scaled by the Dynamic Type factor.
    public static let baseHeight = 34.0
    /// Padding left and right of the content, pt.
    public static let horizontalPadding = 14.0
    /// Continuous corner radius, pt.
    public static let cornerRadius = 8.0
    /// The off fill: the tint at this opacity.
    public static let offFillOpacity = 0.15
    /// Gap between symbol and label, pt (our reading of SwiftUI's `Label` spacing).
    public static let symbolSpacing = 6.0

    /// The button's size, pt: 2 x 14 + symbol + gap + label wide; 34 f high, or the label's
    /// lines plus 6 f above and below when they are more than one (f: Dynamic Type factor).
    public let size: SizeInPoints
    /// Canvas size, px: `round(width s)` x `round(height s)`, plus the margin.
    public let buttonWidth: Int
    public let buttonHeight: Int
    public let padding: Int
    public var canvasWidth: Int { buttonWidth + 2 * padding }
    public var canvasHeight: Int { buttonHeight + 2 * padding }
    /// Corner radius, px.
    public let cornerRadius: Double
    /// The symbol's 24-unit box (centre, side), px; nil when no symbol is drawn. Its glyph,
    /// about 20/24 of the box, is the body text size.
    public let symbolBox: (center: Point, side: Double)?
    /// The label's top-left corner, px (its lines' box: width x the label's height), centred
    /// vertically in the button.
    public let labelOrigin: Point

    /// - Parameter label: the label's size in pt (`StyleLabel.measured`).
    public init(spec: ToggleSpec, label: StyleLabel) {
        let s = spec.scale
        let f = spec.size.factor
        let height = max(Self.baseHeight * f, label.height + (Self.baseHeight - BodyText.lineHeightAtLarge) * f)
        let symbolSide = spec.symbolName.isEmpty ? 0 : StyleLabel.bodySize(spec.size)
        let gap = symbolSide > 0 && label.width > 0 ? Self.symbolSpacing : 0
        let width = 2 * Self.horizontalPadding + symbolSide + gap + label.width
        size = SizeInPoints(width: width, height: height)
        buttonWidth = StyleDrawing.pixels(width, scale: s)
        buttonHeight = StyleDrawing.pixels(height, scale: s)
        padding = StyleDrawing.pixels(spec.padding, scale: s)
        cornerRadius = Self.cornerRadius * s
        let pad = Double(padding)
        // The content (symbol, gap, label) is centred in the button's whole-pixel width.
        let contentLeft = pad + (Double(buttonWidth) - (symbolSide + gap + label.width) * s) / 2
        let midY = pad + Double(buttonHeight) / 2
        // Left to right: symbol, gap, label; mirrored: label, gap, symbol.
        let symbolLeft = spec.mirrored ? contentLeft + (label.width + gap) * s : contentLeft
        symbolBox = symbolSide > 0
            ? (Point(symbolLeft + symbolSide * s / 2, midY), symbolSide * 1.2 * s) : nil
        labelOrigin = Point(spec.mirrored ? contentLeft : contentLeft + (symbolSide + gap) * s, midY - label.height * s / 2)
    }

    public var shape: Path {
        .continuousRoundedRectangle(x: Double(padding), y: Double(padding), width: Double(buttonWidth),
                                    height: Double(buttonHeight), radius: cornerRadius)
    }
}
