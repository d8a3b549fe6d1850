import Geometry
import Scene

/// Building blocks the styles share: a symbol placed in a box, the title of a picture.
enum StyleDrawing {
    /// The fill of symbol `name` with its 24-unit design box mapped to a `boxSide` px square
    /// centred on `center`.
    /// - Throws: `ToggleRenderError.unknownSymbol` / `.corruptSymbol`.
    static func symbol(_ name: String, center: Point, boxSide: Double, color: RGBAColor,
                       opacity: Double) throws(ToggleRenderError) -> SceneOperation {
        let outline: Path
        do {
            outline = try SymbolCatalog.outline(named: name)
        } catch .unknownName {
            throw .unknownSymbol(name)
        } catch {
            throw .corruptSymbol(name: name, error)
        }
        let k = boxSide / 24
        let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
        return .fill(PathFill(outline, transform: toCanvas, color: color, opacity: opacity))
    }

    /// Opacity of every layer: 0.4 when disabled (`ToggleScene.disabledOpacity`), else 1.
    static func opacity(_ spec: ToggleSpec) -> Double {
        spec.disabled ? ToggleScene.disabledOpacity : 1
    }

    /// An empty scene of `width` x `height` px with the spec's title and background.
    static func canvas(_ spec: ToggleSpec, width: Int, height: Int) -> Scene {
        var scene = Scene(width: width, height: height, title: ToggleScene.accessibilityText(spec))
        if let background = spec.background {
            scene.append(.paint(background.resolved(in: spec.appearance)))
        }
        return scene
    }

    /// Pixels for `points` at `scale`, rounded to whole pixels (canvas and track sizes, so edges
    /// fall on pixel boundaries).
    static func pixels(_ points: Double, scale: Double) -> Int {
        Int((points * scale).rounded())
    }
}
