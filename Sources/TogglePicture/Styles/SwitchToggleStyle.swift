import Geometry
import Scene

/// SwiftUI's built-in `.switch` style on iOS (seed 001; docs/design-facts.md section 11): a
/// 51 x 31 pt capsule, a 27 pt white knob inset 2 pt with two shadows, no symbol. Like UISwitch
/// it keeps its size at every Dynamic Type size. Mixed (our reading): knob centred, track in the
/// tint. Mirrored (right to left), the knob's leading end is the right: on puts it at the left.
public struct SwitchToggleStyle: KnobToggleStyle {
    public init() {}
    public var name: String { "switch" }
    public var symbols: StyleSymbols? { nil }
    /// The same spring as the icon switch, `.spring(duration: 0.35, bounce: 0.35)` (UISwitch's
    /// own is not published; the seed's is the project's spring): the knob slides with its
    /// overshoot, the track colour follows clamped. No symbol, so the replace effect does not
    /// lengthen it (`.crossfade` of nothing).
    public var animation: StyleAnimation { StyleAnimation(curve: .spring(.toggle), symbolEffect: .crossfade) }

    /// 51 x 31 pt at every Dynamic Type size.
    public func idealSize(_ spec: ToggleSpec) -> SizeInPoints {
        SizeInPoints(width: SwitchLayout.trackSize.width, height: SwitchLayout.trackSize.height)
    }

    /// Knob at rest for the state (`SwitchLayout`), the state's track colour, no symbol.
    public func restPose(_ spec: ToggleSpec) -> TogglePose {
        TogglePose(knobCenterX: SwitchLayout(spec: spec).knobCenter.x, trackColor: Self.trackColor(spec), symbols: [])
    }

    /// Layers, bottom to top: background (if any), track, the two knob shadows, knob; the knob
    /// and its shadows at `pose.knobCenterX`, the track in `pose.trackColor`.
    public func makeBody(_ spec: ToggleSpec, pose: TogglePose) throws(ToggleRenderError) -> Scene {
        let layout = SwitchLayout(spec: spec)
        let opacity = StyleDrawing.opacity(spec)
        var scene = StyleDrawing.canvas(spec, width: layout.canvasWidth, height: layout.canvasHeight)
        scene.append(.fill(PathFill(layout.track, color: pose.trackColor, opacity: opacity)))
        let center = Point(pose.knobCenterX, layout.knobCenter.y)
        let knob = StyleShapes.circle(center: center, radius: layout.knobRadius)
        let knobIsOpaque = StyleColors.knob.alpha * opacity >= 1
        for shadow in layout.shadows {
            scene.append(.shadow(PathShadow(
                knob, offset: shadow.offset, sigma: shadow.sigma, color: shadow.color, opacity: opacity,
                hiddenUnder: knobIsOpaque ? Disc(center: center, radius: layout.knobRadius) : nil)))
        }
        scene.append(.fill(PathFill(knob, color: StyleColors.knob, opacity: opacity)))
        return scene
    }

    /// The track: the tint when on or mixed; off, `off_color` or secondarySystemFill.
    static func trackColor(_ spec: ToggleSpec) -> RGBAColor {
        guard spec.state == .off else { return spec.tint.resolved(in: spec.appearance) }
        return spec.offColor?.resolved(in: spec.appearance) ?? secondarySystemFill(spec.appearance)
    }

    /// UIKit's secondarySystemFill: rgba(120,120,128,0.16) light, rgba(120,120,128,0.32) dark.
    public static func secondarySystemFill(_ appearance: Appearance) -> RGBAColor {
        RGBAColor(red: 120, green: 120, blue: 128, alpha: appearance == .light ? 0.16 : 0.32)
    }
}

/// One drop shadow of a knob, in px.
public struct KnobShadow: Sendable, Equatable {
    public var offset: Point
    public var sigma: Double
    public var color: RGBAColor
}

/// The `.switch` style's geometry in px (docs/design-facts.md section 11; pt x scale).
public struct SwitchLayout: Sendable {
    /// Track size, pt.
    public static let trackSize = (width: 51.0, height: 31.0)
    /// Knob diameter and its inset from the track's edge, pt.
    public static let knobDiameter = 27.0
    public static let knobInset = 2.0
    /// The knob's two shadows in pt: (0, 3) sigma 4 black 0.15 and (0, 3) sigma 0.5 black 0.06.
    public static let shadowsInPoints: [(y: Double, sigma: Double, alpha: Double)] = [(3, 4, 0.15), (3, 0.5, 0.06)]

    /// Track and margin, px: `round(51 s)` x `round(31 s)`, margin `round(pad s)`.
    public let frame: TrackFrame
    public var canvasWidth: Int { frame.canvasWidth }
    public var canvasHeight: Int { frame.canvasHeight }
    /// Knob centre and radius, px, canvas coordinates.
    public let knobCenter: Point
    public let knobRadius: Double
    public let shadows: [KnobShadow]

    public init(spec: ToggleSpec) {
        let s = spec.scale
        frame = TrackFrame(width: Self.trackSize.width, height: Self.trackSize.height, spec: spec)
        knobRadius = Self.knobDiameter * s / 2
        let pad = Double(frame.padding)
        let inset = Self.knobInset * s + knobRadius
        let x: Double
        switch spec.state {
        case .off: x = pad + inset
        case .on: x = pad + Double(frame.trackWidth) - inset
        case .mixed: x = frame.center.x
        }
        // Mirrored: reflected across the track's vertical centre line.
        knobCenter = Point(spec.mirrored ? 2 * frame.center.x - x : x, frame.center.y)
        shadows = Self.shadowsInPoints.map {
            KnobShadow(offset: Point(0, $0.y * s), sigma: $0.sigma * s,
                       color: RGBAColor(red: 0, green: 0, blue: 0, alpha: $0.alpha))
        }
    }

    public var track: Path { frame.track }
    public var knob: Path { StyleShapes.circle(center: knobCenter, radius: knobRadius) }
    public var knobDisc: Disc { Disc(center: knobCenter, radius: knobRadius) }
}
