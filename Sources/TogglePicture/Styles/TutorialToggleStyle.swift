import Geometry
import Scene

/// Seed 002's hand-made `ToggleView` (docs/design-facts.md section 11): a 51 x 31 pt capsule,
/// orange when on and the accent colour (blue) when off unless `color` / `off_color` say
/// otherwise, a white 25 pt knob at +-11 pt from the centre (no shadow), and in it a 10 x 10 pt
/// `checkmark` / `xmark` in the track's colour. Fixed size (the seed's frame is not scaled).
/// Mixed (our reading): knob centred, `minus`, track in the on colour. Mirrored (right to left),
/// the offset's sign flips: on puts the knob at the left (the symbols themselves are not mirrored).
public struct TutorialToggleStyle: KnobToggleStyle {
    public init() {}
    public var name: String { "tutorial" }
    public var symbols: StyleSymbols? { StyleSymbols(on: "checkmark", off: "xmark", mixed: "minus") }
    public var defaultColors: (tint: NamedColor, offColor: NamedColor?)? { (.orange, .blue) }
    public var drawsSymbolOnKnob: Bool { true }
    /// Seed 002's `.animation(.linear(duration: 0.15), value: isOn)` on the whole track: the
    /// knob's offset (-11 to +11 pt) and the track colour move linearly, and the symbol (one
    /// `Image` whose `systemName` changes) swaps by the environment's default content
    /// transition, a crossfade (`ContentTransition.opacity`), on the same linear curve; its
    /// colour is the track's (`foregroundColor(isOn ? .orange : .accentColor)`), so it follows too.
    public var animation: StyleAnimation { StyleAnimation(curve: .linear(duration: 0.15), symbolEffect: .crossfade) }

    /// 51 x 31 pt (the seed's `frame`) at every Dynamic Type size.
    public func idealSize(_ spec: ToggleSpec) -> SizeInPoints {
        SizeInPoints(width: TutorialLayout.trackSize.width, height: TutorialLayout.trackSize.height)
    }

    /// Knob at the state's offset (`TutorialLayout`), the state's track colour, its symbol in that colour.
    public func restPose(_ spec: ToggleSpec) -> TogglePose {
        let color = Self.trackColor(spec)
        return TogglePose(knobCenterX: TutorialLayout(spec: spec).knobCenter.x, trackColor: color,
                          symbols: [.init(name: spec.symbolName, color: color, scale: 1, opacity: 1)])
    }

    /// Layers, bottom to top: background (if any), track, knob, symbol(s) (two while they
    /// crossfade), the symbols in the track's colour of the moment (with `contrast=auto`, that
    /// colour raised to 3:1 against the knob, `SymbolContrast.raised`).
    public func makeBody(_ spec: ToggleSpec, pose: TogglePose) throws(ToggleRenderError) -> Scene {
        let layout = TutorialLayout(spec: spec)
        let opacity = StyleDrawing.opacity(spec)
        var scene = StyleDrawing.canvas(spec, width: layout.canvasWidth, height: layout.canvasHeight)
        scene.append(.fill(PathFill(layout.track, color: pose.trackColor, opacity: opacity)))
        let center = Point(pose.knobCenterX, layout.knobCenter.y)
        scene.append(.fill(PathFill(StyleShapes.circle(center: center, radius: layout.knobRadius),
                                    color: StyleColors.knob, opacity: opacity)))
        let symbolColor = spec.raisesSymbolContrast ? SymbolContrast.raised(pose.trackColor, on: StyleColors.knob)
            : pose.trackColor
        for symbol in pose.symbols {
            scene.append(try StyleDrawing.symbol(symbol.name, center: center, boxSide: layout.symbolBoxSide * symbol.scale,
                                                 color: symbolColor, opacity: opacity * symbol.opacity))
        }
        return scene
    }

    /// On and mixed: the tint; off: `off_color`, else the accent colour (blue).
    static func trackColor(_ spec: ToggleSpec) -> RGBAColor {
        guard spec.state == .off else { return spec.tint.resolved(in: spec.appearance) }
        return (spec.offColor ?? .named(.blue)).resolved(in: spec.appearance)
    }
}

/// The tutorial style's geometry in px (docs/design-facts.md section 11; pt x scale).
public struct TutorialLayout: Sendable {
    /// Track size, pt (`frame(width: 51, height: 31)`).
    public static let trackSize = (width: 51.0, height: 31.0)
    /// Knob diameter and its offset from the track's centre, pt (`circleOffset`: +-11).
    public static let knobDiameter = 25.0
    public static let knobOffset = 11.0
    /// The symbol's frame, pt; its 24-unit design box is 1.2 x that (a 24-unit icon's glyph
    /// fills about 20/24 of its box, as in section 2), so the glyph fills the frame.
    public static let symbolFrame = 10.0

    /// Track and margin, px: `round(51 s)` x `round(31 s)`, margin `round(pad s)`.
    public let frame: TrackFrame
    public var canvasWidth: Int { frame.canvasWidth }
    public var canvasHeight: Int { frame.canvasHeight }
    public let knobCenter: Point
    public let knobRadius: Double
    /// Side of the square the symbol's 24-unit box maps to, px: 12 s.
    public let symbolBoxSide: Double

    public init(spec: ToggleSpec) {
        let s = spec.scale
        frame = TrackFrame(width: Self.trackSize.width, height: Self.trackSize.height, spec: spec)
        knobRadius = Self.knobDiameter * s / 2
        let offset: Double
        switch spec.state {
        case .off: offset = -Self.knobOffset * s
        case .on: offset = Self.knobOffset * s
        case .mixed: offset = 0
        }
        knobCenter = Point(frame.center.x + (spec.mirrored ? -offset : offset), frame.center.y)
        symbolBoxSide = Self.symbolFrame * 1.2 * s
    }

    public var track: Path { frame.track }
}
