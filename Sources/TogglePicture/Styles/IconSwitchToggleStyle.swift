import Geometry
import Scene

/// The product's own style, the seed's `IconSwitchToggleStyle` (docs/design-facts.md section 2):
/// a capsule track 1.8 h x h, a white knob with a soft shadow and the state's symbol inside it.
/// Geometry in `ToggleLayout`.
public struct IconSwitchToggleStyle: KnobToggleStyle {
    public init() {}
    public var name: String { "iconSwitch" }
    public var symbols: StyleSymbols? { StyleSymbols(on: "checkmark", off: "xmark", mixed: "minus") }
    public var drawsSymbolOnKnob: Bool { true }
    /// The seed's `.spring(duration: 0.35, bounce: 0.35)` with the symbol's replace effect.
    public var animation: StyleAnimation { .iconSwitch }

    /// The track, `1.8 h` x `h` pt, h = 32 pt x the Dynamic Type factor (the seed's track; the
    /// seed's row around it is `RowLayout`).
    public func idealSize(_ spec: ToggleSpec) -> SizeInPoints {
        let h = ToggleLayout.baseTrackHeight * spec.size.factor
        return SizeInPoints(width: ToggleLayout.aspectRatio * h, height: h)
    }

    /// Knob at rest for the state (`ToggleLayout`), the state's track colour and its symbol in
    /// the tint (on, mixed) or gray (off).
    public func restPose(_ spec: ToggleSpec) -> TogglePose {
        let (track, symbol) = spec.resolvedColors
        return TogglePose(knobCenterX: ToggleLayout(spec: spec).knobCenterX, trackColor: track,
                          symbols: [.init(name: spec.symbolName, color: symbol, scale: 1, opacity: 1)])
    }

    /// Layers, bottom to top: background (if any), track, knob shadow, knob, symbol.
    /// The picture in `pose`: where the knob is, the track's colour and the symbols (two during
    /// an animation's replace effect), `ToggleLayout(spec:).canvasWidth` x `canvasHeight` px.
    public func makeBody(_ spec: ToggleSpec, pose: TogglePose) throws(ToggleRenderError) -> Scene {
        let layout = ToggleLayout(spec: spec)
        var symbols: [(path: Path, symbol: TogglePose.Symbol)] = []
        for symbol in pose.symbols {
            do {
                symbols.append((try SymbolCatalog.outline(named: symbol.name), symbol))
            } catch .unknownName {
                throw .unknownSymbol(symbol.name)
            } catch {
                throw .corruptSymbol(name: symbol.name, error)
            }
        }
        let appearance = spec.appearance
        let opacity = StyleDrawing.opacity(spec)
        var scene = Scene(width: layout.canvasWidth, height: layout.canvasHeight, title: ToggleScene.accessibilityText(spec))
        scene.operations.reserveCapacity(4 + symbols.count)
        if let background = spec.background {
            scene.append(.paint(background.resolved(in: appearance)))
        }

        let pad = Double(layout.padding)
        let track = StyleShapes.capsule(x: pad, y: pad, width: Double(layout.trackWidth), height: Double(layout.trackHeight))
        scene.append(.fill(PathFill(track, color: pose.trackColor, opacity: opacity)))

        let center = Point(pose.knobCenterX, layout.knobCenterY)
        let knob = StyleShapes.circle(center: center, radius: layout.knobRadius)
        // The knob, when drawn opaque right after, hides most of its shadow.
        let knobIsOpaque = StyleColors.knob.alpha * opacity >= 1
        scene.append(.shadow(PathShadow(
            knob, offset: Point(0, ToggleLayout.shadowOffsetY * layout.scale),
            sigma: ToggleLayout.shadowSigma * layout.scale, color: StyleColors.shadow, opacity: opacity,
            hiddenUnder: knobIsOpaque ? Disc(center: center, radius: layout.knobRadius) : nil)))
        scene.append(.fill(PathFill(knob, color: StyleColors.knob, opacity: opacity)))

        // The 24-unit box, centred on the knob, scaled to the symbol box side (times the pose's
        // scale during a replace effect).
        for (path, symbol) in symbols {
            let k = layout.symbolBoxSide / 24 * symbol.scale
            let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
            scene.append(.fill(PathFill(path, transform: toCanvas, color: symbol.color, opacity: opacity * symbol.opacity)))
        }
        return scene
    }
}
