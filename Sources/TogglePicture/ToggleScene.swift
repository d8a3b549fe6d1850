import Geometry
import Scene

/// Lays a toggle out as a `Scene` (docs/design-facts.md section 2): the operations every backend
/// draws, in px.
///
/// Layers, bottom to top: background (if any), track, knob shadow, knob, symbol. Disabled draws
/// every layer at 0.4 of its own alpha, as `.opacity(0.4)` does without a compositing group.
public enum ToggleScene {
    /// Opacity of every layer of a disabled toggle.
    public static let disabledOpacity = 0.4

    /// The scene of `spec`, `ToggleLayout(spec:).canvasWidth` x `canvasHeight` px.
    /// - Throws: `ToggleRenderError.unknownSymbol` when the symbol name is not in the catalogue,
    ///   `.corruptSymbol` when its bundled icon data does not parse.
    public static func scene(for spec: ToggleSpec) throws(ToggleRenderError) -> Scene {
        let layout = ToggleLayout(spec: spec)
        let symbol: Path
        do {
            symbol = try SymbolCatalog.outline(named: spec.symbolName)
        } catch .unknownName {
            throw .unknownSymbol(spec.symbolName)
        } catch {
            throw .corruptSymbol(name: spec.symbolName, error)
        }
        let appearance = spec.appearance
        let opacity = spec.disabled ? disabledOpacity : 1
        var scene = Scene(width: layout.canvasWidth, height: layout.canvasHeight, title: accessibilityText(spec))
        if let background = spec.background {
            scene.append(.paint(background.resolved(in: appearance)))
        }

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

        // The 24-unit box, centred on the knob, scaled to the symbol box side.
        let k = layout.symbolBoxSide / 24
        let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
        scene.append(.fill(PathFill(symbol, transform: toCanvas, color: symbolColor, opacity: opacity)))
        return scene
    }

    /// What VoiceOver says of the control: "Switch, on" ("off", "mixed"), then ", dimmed" when
    /// disabled (iOS's word for a disabled control).
    public static func accessibilityText(_ spec: ToggleSpec) -> String {
        "Switch, \(spec.state.rawValue)" + (spec.disabled ? ", dimmed" : "")
    }
}
