import Geometry
import Scene

/// SwiftUI's default transition between two bodies, `.opacity`: the outgoing body fades from 1
/// to 0 while the incoming one fades from 0 to 1, each layer at its own opacity times the fade
/// (as SwiftUI applies `.opacity` without a compositing group, like the disabled state,
/// docs/design-facts.md section 2), so where both bodies cover a pixel it dips a little mid-way,
/// as on iOS.
///
/// What the two bodies share is drawn once, unchanged: the longest run of equal operations at
/// the bottom (the background) and at the top (a label that does not change colour); what lies
/// between crossfades. So a symbol style's label stays put while its symbol crossfades, and its
/// mixed state's border fades in over the off state's picture.
public enum Crossfade {
    /// The picture `progress` (0...1) of the way from `from` to `to`.
    ///
    /// Canvas: the larger of the two in each direction, each body centred in it at a whole-pixel
    /// offset (the two are the same size, and the ends the stills, except for a button whose
    /// mixed state shows a symbol the others do not).
    /// Order: the differing operations of the body of the state listed first in
    /// `ToggleState.allCases` below the other's (`fromIsBelow`), so a transition and its reverse
    /// have the same operations in the same order (a looping animated SVG needs that).
    /// Operations at opacity 0 are left out unless `keepsHiddenLayers`.
    public static func scene(from: Scene, to: Scene, progress: Double, fromIsBelow: Bool,
                             keepsHiddenLayers: Bool) -> Scene {
        let width = max(from.width, to.width), height = max(from.height, to.height)
        let a = from.operations.map { moved($0, dx: (width - from.width) / 2, dy: (height - from.height) / 2) }
        let b = to.operations.map { moved($0, dx: (width - to.width) / 2, dy: (height - to.height) / 2) }
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let p = min(max(progress, 0), 1)
        var outgoing = a[prefix..<(a.count - suffix)].map { faded($0, by: 1 - p) }
        var incoming = b[prefix..<(b.count - suffix)].map { faded($0, by: p) }
        if !keepsHiddenLayers {
            if p >= 1 { outgoing = [] }
            if p <= 0 { incoming = [] }
        }
        var scene = Scene(width: width, height: height, title: to.title)
        scene.operations = Array(b[..<prefix])
        scene.operations += fromIsBelow ? outgoing + incoming : incoming + outgoing
        scene.operations += b[(b.count - suffix)...]
        return scene
    }

    /// `operation` at `factor` times its opacity.
    static func faded(_ operation: SceneOperation, by factor: Double) -> SceneOperation {
        switch operation {
        case .paint(var color):
            color.alpha *= factor
            return .paint(color)
        case .fill(var fill):
            fill.opacity *= factor
            return .fill(fill)
        case .shadow(var shadow):
            shadow.opacity *= factor
            // `hiddenUnder` skips the shadow under an opaque knob; a fading knob no longer hides it.
            if factor < 1 { shadow.hiddenUnder = nil }
            return .shadow(shadow)
        case .layer(var layer):
            layer.opacity *= factor
            return .layer(layer)
        case .image(var image):
            image.opacity *= factor
            return .image(image)
        }
    }

    /// `operation` moved by whole pixels.
    static func moved(_ operation: SceneOperation, dx: Int, dy: Int) -> SceneOperation {
        guard dx != 0 || dy != 0 else { return operation }
        let shift = AffineTransform.translation(Double(dx), Double(dy))
        switch operation {
        case .paint:
            return operation
        case .fill(var fill):
            fill.transform = fill.transform.then(shift)
            return .fill(fill)
        case .shadow(var shadow):
            shadow.transform = shadow.transform.then(shift)
            shadow.hiddenUnder = shadow.hiddenUnder.map {
                Disc(center: Point($0.center.x + Double(dx), $0.center.y + Double(dy)), radius: $0.radius)
            }
            return .shadow(shadow)
        case .layer(var layer):
            layer.x += dx
            layer.y += dy
            return .layer(layer)
        case .image(var image):
            image.x += dx
            image.y += dy
            return .image(image)
        }
    }
}
