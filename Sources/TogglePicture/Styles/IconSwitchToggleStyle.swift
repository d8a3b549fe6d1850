import Geometry
import Scene

/// The product's own style, the seed's `IconSwitchToggleStyle` (docs/design-facts.md section 2):
/// a capsule track 1.8 h x h, a white knob with a soft shadow and the state's symbol inside it.
/// Geometry in `ToggleLayout`.
public struct IconSwitchToggleStyle: ToggleStyle {
    public init() {}
    public var name: String { "iconSwitch" }
    public var symbols: StyleSymbols? { StyleSymbols(on: "checkmark", off: "xmark", mixed: "minus") }

    /// Layers, bottom to top: background (if any), track, knob shadow, knob, symbol.
    public func makeBody(_ spec: ToggleSpec) throws(ToggleRenderError) -> Scene {
        let layout = ToggleLayout(spec: spec)
        let opacity = StyleDrawing.opacity(spec)
        var scene = StyleDrawing.canvas(spec, width: layout.canvasWidth, height: layout.canvasHeight)
        let pad = Double(layout.padding)
        let track = Path.capsule(x: pad, y: pad, width: Double(layout.trackWidth), height: Double(layout.trackHeight))
        let (trackColor, symbolColor) = spec.resolvedColors
        scene.append(.fill(PathFill(track, color: trackColor, opacity: opacity)))

        let center = Point(layout.knobCenterX, layout.knobCenterY)
        let knob = Path.circle(center: center, radius: layout.knobRadius)
        // The knob, when drawn opaque right after, hides most of its shadow.
        let knobIsOpaque = StyleColors.knob.alpha * opacity >= 1
        scene.append(.shadow(PathShadow(
            knob, offset: Point(0, ToggleLayout.shadowOffsetY * layout.scale),
            sigma: ToggleLayout.shadowSigma * layout.scale, color: StyleColors.shadow, opacity: opacity,
            hiddenUnder: knobIsOpaque ? Disc(center: center, radius: layout.knobRadius) : nil)))
        scene.append(.fill(PathFill(knob, color: StyleColors.knob, opacity: opacity)))
        scene.append(try StyleDrawing.symbol(spec.symbolName, center: center, boxSide: layout.symbolBoxSide,
                                             color: symbolColor, opacity: opacity))
        return scene
    }
}
