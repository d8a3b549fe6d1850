import Geometry
import Scene

/// A picture that changes over time: scenes shown one after another, each for its duration.
/// Every scene must have the same operations, differing only in colours, opacities, transforms
/// and where each path lies (a path may move as a whole): what CSS can animate.
public struct SceneTimeline: Sendable {
    public var frames: [Scene]
    /// How long each frame is shown, s (> 0).
    public var durations: [Double]
    /// Play forever (after the last frame comes the first); false plays once and stays on the last.
    public var loops: Bool

    public init(frames: [Scene], durations: [Double], loops: Bool) {
        precondition(!frames.isEmpty && frames.count == durations.count && durations.allSatisfy { $0 > 0 })
        self.frames = frames
        self.durations = durations
        self.loops = loops
    }
}

extension SVGWriter {
    /// An animated SVG (docs/design-facts.md section 9, "The `.svg` form of `animate=1`"): the
    /// last frame of `timeline` drawn as the still SVG would draw it (what a viewer without CSS
    /// animations shows), and for every operation that changes, a CSS `@keyframes` rule with one
    /// keyframe per frame (CSS Animations Level 1; linear between frames, so the motion follows
    /// the sampled curve): `transform: matrix(...)` for a path that moves or is scaled, `fill` and
    /// `fill-opacity` for a colour that changes. A frame longer than the shortest (a hold) gets a
    /// second keyframe with its values one shortest frame before the next starts. No script.
    /// `reducedMotion`, with the same operations, replaces the animation where the viewer asks for
    /// reduced motion (`@media (prefers-reduced-motion: reduce)`, Media Queries Level 5).
    /// - Throws: `SVGWriterError.scenesDiffer` when the frames differ in more than that, or
    ///   contain layers.
    public static func animatedSVG(_ timeline: SceneTimeline,
                                   reducedMotion: SceneTimeline? = nil) throws(SVGWriterError) -> [UInt8] {
        let base = timeline.frames[timeline.frames.count - 1]
        let main = try tracks(timeline, base: base)
        let reduced = try reducedMotion.map { r throws(SVGWriterError) in try tracks(r, base: base) }
        var moving = Set(main.keys)
        if let reduced { moving.formUnion(reduced.keys) }
        var classes: [Int: String] = [:]
        var style = ""
        for n in moving.sorted() {
            classes[n] = "a\(n)"
            style += rule(name: "k\(n)", track: main[n], timeline: timeline, base: base, operation: n)
        }
        if let reducedMotion, let reduced {
            var inner = ""
            for n in moving.sorted() {
                inner += rule(name: "r\(n)", track: reduced[n], timeline: reducedMotion, base: base, operation: n)
            }
            style += "@media (prefers-reduced-motion:reduce){\(inner)}"
        }
        return Array(document(base, dark: nil, classes: classes, movingShadowMargin: max(base.width, base.height),
                              style: style).utf8)
    }

    /// One frame's values of one operation: its transform relative to the base element (nil:
    /// the path does not move) and its colour.
    struct Keyframe: Equatable {
        var transform: AffineTransform?
        var color: RGBAColor
        var alpha: Double
    }

    /// For each operation that changes during `timeline`, its values in every frame.
    static func tracks(_ timeline: SceneTimeline, base: Scene) throws(SVGWriterError) -> [Int: [Keyframe]] {
        var out: [Int: [Keyframe]] = [:]
        for n in base.operations.indices {
            var keys: [Keyframe] = []
            for frame in timeline.frames {
                guard frame.width == base.width, frame.height == base.height,
                      frame.operations.count == base.operations.count,
                      let key = keyframe(frame.operations[n], base: base.operations[n]) else { throw .scenesDiffer }
                keys.append(key)
            }
            let still = keyframe(base.operations[n], base: base.operations[n])
            if keys.contains(where: { $0 != still }) { out[n] = keys }
        }
        return out
    }

    /// `operation`'s values against `base`'s element, or nil when CSS cannot turn one into the other.
    static func keyframe(_ operation: SceneOperation, base: SceneOperation) -> Keyframe? {
        let (color, alpha) = colour(operation)
        switch (operation, base) {
        case (.paint, .paint):
            return Keyframe(transform: nil, color: color, alpha: alpha)
        case (.fill(let f), .fill(let b)):
            guard f.fillRule == b.fillRule, let shift = translation(from: b.path, to: f.path) else { return nil }
            // The base element draws b.path through b.transform; this frame draws
            // f.path = b.path + shift through f.transform.
            let t = AffineTransform.translation(shift.x, shift.y).then(f.transform)
            return Keyframe(transform: t == b.transform ? nil : t, color: color, alpha: alpha)
        case (.shadow(let s), .shadow(let b)):
            // The base element's path data has b.placement applied; both placements must be
            // translations so that the difference is one too.
            guard s.sigma == b.sigma, isTranslation(s.placement), isTranslation(b.placement),
                  let shift = translation(from: b.path, to: s.path) else { return nil }
            let dx = shift.x + s.placement.tx - b.placement.tx, dy = shift.y + s.placement.ty - b.placement.ty
            let t = AffineTransform.translation(dx, dy)
            return Keyframe(transform: t == .identity ? nil : t, color: color, alpha: alpha)
        default:
            return nil
        }
    }

    static func isTranslation(_ t: AffineTransform) -> Bool {
        t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
    }

    /// The vector `other` is `path` moved by, if it is `path` moved as a whole (same elements,
    /// every point shifted alike to within 1e-9 px), else nil.
    static func translation(from path: Path, to other: Path) -> Point? {
        guard path.elements.count == other.elements.count else { return nil }
        var shift: Point?
        func same(_ p: Point, _ q: Point) -> Bool {
            let d = Point(q.x - p.x, q.y - p.y)
            guard let s = shift else { shift = d; return true }
            return abs(d.x - s.x) < 1e-9 && abs(d.y - s.y) < 1e-9
        }
        for (e, f) in zip(path.elements, other.elements) {
            switch (e, f) {
            case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
                guard same(p, q) else { return nil }
            case (.quad(let c, let p), .quad(let d, let q)):
                guard same(c, d), same(p, q) else { return nil }
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
                guard same(c1, d1), same(c2, d2), same(p, q) else { return nil }
            case (.close, .close):
                continue
            default:
                return nil
            }
        }
        return shift ?? Point(0, 0)
    }

    /// `.aN{animation:...}` and `@keyframes name{...}` for one operation (an operation that does
    /// not change in this timeline keeps the base values throughout).
    static func rule(name: String, track: [Keyframe]?, timeline: SceneTimeline, base: Scene, operation n: Int) -> String {
        let still = keyframe(base.operations[n], base: base.operations[n])!
        let keys = track ?? Array(repeating: still, count: timeline.frames.count)
        let moves = keys.contains { $0.transform != nil }
        let paints = keys.contains { $0.color != still.color || $0.alpha != still.alpha }
        let step = timeline.durations.min()!
        var starts: [Double] = []
        var t = 0.0
        for d in timeline.durations { starts.append(t); t += d }
        // Once: the animation ends as the last frame starts, and stays there. Looping: it ends
        // after the last frame's duration, back at the first frame's values.
        let total = timeline.loops ? t : starts[starts.count - 1]
        func values(_ k: Keyframe) -> String {
            var v: [String] = []
            if moves {
                let m = k.transform ?? baseTransform(base.operations[n])
                v.append("transform:matrix(" + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(SVGText.number).joined(separator: ",") + ")")
            }
            if paints { v.append("fill:\(SVGText.hex(k.color));fill-opacity:\(SVGText.number(k.alpha))") }
            return v.joined(separator: ";")
        }
        var frames: [(Double, String)] = []
        for (i, k) in keys.enumerated() {
            frames.append((starts[i], values(k)))
            if timeline.durations[i] > step + 1e-9, i + 1 < keys.count || timeline.loops {
                frames.append((starts[i] + timeline.durations[i] - step, values(k)))
            }
        }
        if timeline.loops { frames.append((total, values(keys[0]))) }
        // A keyframe between two with the same values changes nothing (linear in between).
        frames = frames.enumerated().filter { i, f in
            i == 0 || i == frames.count - 1 || frames[i - 1].1 != f.1 || frames[i + 1].1 != f.1
        }.map(\.element)
        var css = "@keyframes \(name){"
        for (time, v) in frames where total > 0 {
            css += SVGText.number(min(time / total * 100, 100)) + "%{\(v)}"
        }
        css += "}"
        // In ms, so 3 decimals keep the duration exact to 1 us (46 / 60 s is 766.667ms).
        let milliseconds = SVGText.number(max(total, 0.001) * 1000)
        css += ".a\(n){animation:\(name) \(milliseconds)ms linear both\(timeline.loops ? " infinite" : "")"
            + (moves ? ";transform-origin:0 0" : "") + "}"
        return css
    }

    /// The transform the base element is drawn with (its `transform` attribute; identity when none).
    static func baseTransform(_ operation: SceneOperation) -> AffineTransform {
        if case .fill(let f) = operation { return f.transform }
        return .identity
    }
}
