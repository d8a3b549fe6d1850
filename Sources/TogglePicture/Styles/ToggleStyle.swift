import Scene

/// One look of a toggle, as SwiftUI's `ToggleStyle.makeBody(configuration:)`: a style takes
/// everything that determines the picture (`ToggleSpec`: state, label, colours, scale, Dynamic
/// Type, theme) and lays it out as a `Scene` in px (docs/design-facts.md section 11).
///
/// A new style is one file with a type conforming to this protocol and one line in
/// `ToggleStyles.all`. It animates on its own terms: `animation` names its curve, and the kind
/// of style says what moves: a `KnobToggleStyle` lays out a pose (knob, track colour, symbols)
/// at each instant; any other style crossfades its two states' bodies (`Crossfade`).
public protocol ToggleStyle: Sendable {
    /// The `style=` value, e.g. `iconSwitch`.
    var name: String { get }
    /// The symbols a toggle of this style shows by default when on, off and mixed (nil: none),
    /// and whether `sym`, `on_sym` and `off_sym` mean anything for it (false: they are a 400).
    var symbols: StyleSymbols? { get }
    /// Whether `/toggle` needs `label=` for this style (its picture is mostly the label).
    var needsLabel: Bool { get }
    /// Whether the style draws its symbol on a white knob, where `contrast=auto`
    /// (`ToggleSpec.raisesSymbolContrast`) can raise it to 3:1 (false: `contrast` is a 400).
    var drawsSymbolOnKnob: Bool { get }
    /// The tint and the off track colour when the query names neither (nil: the service's
    /// defaults, green and the style's own off colour).
    var defaultColors: (tint: NamedColor, offColor: NamedColor?)? { get }
    /// The picture of `spec`, laid out in px: `idealSize(spec)` x scale, rounded to whole
    /// pixels, plus `round(pad x scale)` on every side. `spec.mirrored` mirrors it (right to
    /// left: a knob's leading end is the right, a leading symbol goes right of the label).
    /// - Throws: `ToggleRenderError.unknownSymbol` / `.corruptSymbol` for a symbol that cannot
    ///   be drawn.
    func makeBody(_ spec: ToggleSpec) throws(ToggleRenderError) -> Scene
    /// The body's size in pt without the margin (`pad`), as SwiftUI's layout sees the view
    /// `makeBody` returns (its ideal size; a label that draws itself wraps at
    /// `spec.proposedWidth`). A row (`RowLayout`) lays this size out.
    func idealSize(_ spec: ToggleSpec) -> SizeInPoints
    /// The label as the body lays it out (its lines wrapped at what `spec.proposedWidth` leaves);
    /// `.none` for a style that does not draw its label.
    func label(_ spec: ToggleSpec) -> StyleLabel

    /// How the style animates from one state to another (`animate=1` without Reduce Motion):
    /// SwiftUI's animation of its body. Default `StyleAnimation.swiftUIDefault`.
    var animation: StyleAnimation { get }
    /// How far the moving part of `transition` travels and within what of rest it counts as
    /// arrived (the end condition): knob styles the knob's travel in px within
    /// `ToggleMotion.restTolerance`; crossfades an opacity of 1 within `ToggleMotion.opacityTolerance`.
    func restCondition(_ transition: ToggleTransition) -> (amplitude: Double, tolerance: Double)
    /// The picture of `transition` in frame `index` (0 ... `transition.lastFrameIndex`), laid
    /// out in px. Frame 0 is the still of the `from` state, the last frame the still of
    /// `transition.spec`. With `keepsHiddenLayers`, every frame holds the same operations (the
    /// invisible ones at opacity 0), as an animated SVG needs.
    /// - Throws: as `makeBody(_:)`.
    func makeBody(_ transition: ToggleTransition, frame index: Int,
                  keepsHiddenLayers: Bool) throws(ToggleRenderError) -> Scene
}

extension ToggleStyle {
    public var needsLabel: Bool { false }
    public var drawsSymbolOnKnob: Bool { false }
    public var defaultColors: (tint: NamedColor, offColor: NamedColor?)? { nil }
    public func label(_ spec: ToggleSpec) -> StyleLabel { .none }
    public var animation: StyleAnimation { .swiftUIDefault }

    /// A crossfade: opacity 1 within `ToggleMotion.opacityTolerance`.
    public func restCondition(_ transition: ToggleTransition) -> (amplitude: Double, tolerance: Double) {
        (1, ToggleMotion.opacityTolerance)
    }

    /// A crossfade of the two states' bodies (`Crossfade.scene`) at the animation's clamped progress.
    public func makeBody(_ transition: ToggleTransition, frame index: Int,
                         keepsHiddenLayers: Bool) throws(ToggleRenderError) -> Scene {
        crossfade(transition, frame: index, keepsHiddenLayers: keepsHiddenLayers,
                  from: try makeBody(transition.fromSpec), to: try makeBody(transition.spec))
    }

    /// `makeBody(_:frame:keepsHiddenLayers:)` of a crossfading style with the two states' bodies
    /// already made (`from`: `makeBody(transition.fromSpec)`, `to`: `makeBody(transition.spec)`),
    /// so that an animation lays them out once, not in every frame (`CrossfadeBodies`).
    public func crossfade(_ transition: ToggleTransition, frame index: Int, keepsHiddenLayers: Bool,
                          from: Scene, to: Scene) -> Scene {
        let progress = index >= transition.lastFrameIndex
            ? 1 : transition.animation.clampedProgress(at: transition.motion.time(ofFrame: index))
        return Crossfade.scene(from: from, to: to, progress: progress, fromIsBelow: transition.fromIsBelow,
                               keepsHiddenLayers: keepsHiddenLayers)
    }
}

/// A width and a height in pt.
public struct SizeInPoints: Sendable, Equatable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) {
        (self.width, self.height) = (width, height)
    }
}

/// Default symbol names for each state; an empty name draws no symbol.
public struct StyleSymbols: Sendable, Equatable {
    public var on: String
    public var off: String
    public var mixed: String

    public init(on: String, off: String, mixed: String) {
        self.on = on
        self.off = off
        self.mixed = mixed
    }
}

/// The table of styles: `style=` looks a name up here.
public enum ToggleStyles {
    /// Every style, the default first. Adding a style: one file, one line here.
    public static let all: [any ToggleStyle] = [
        IconSwitchToggleStyle(),
        SwitchToggleStyle(),
        ButtonToggleStyle(),
        SymbolToggleStyle(),
        TutorialToggleStyle(),
    ]

    /// Other names for a style, lowercased: `automatic` is SwiftUI's `.automatic`, the style a
    /// `Toggle` gets unless told otherwise (seed 001's first example), which on iOS resolves to
    /// `.switch` (Apple's documentation of `ToggleStyle.automatic`). An alias draws its style:
    /// the same spec, canonical key, bytes and ETag.
    public static let aliases: [(alias: String, style: String)] = [("automatic", "switch")]

    /// The default style's name, `iconSwitch`.
    public static var defaultName: String { all[0].name }

    /// Every style's name, in table order.
    public static var names: [String] { all.map(\.name) }

    /// The style called `name` (case-sensitive), or nil.
    public static func style(named name: String) -> (any ToggleStyle)? {
        all.first { $0.name == name }
    }

    /// The style `spec` asks for; the default for a name not in the table (parsing already
    /// refused those, so this only guards a spec built in code).
    public static func style(of spec: ToggleSpec) -> any ToggleStyle {
        style(named: spec.style) ?? all[0]
    }
}
