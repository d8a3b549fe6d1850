import Geometry
import Raster
import SceneRaster

/// Errors that stop a toggle from being drawn.
public enum ToggleRenderError: Error, Equatable, Sendable {
    case unknownSymbol(String)
    /// The symbol's bundled icon data does not parse (see `SymbolError.corruptIcon`).
    case corruptSymbol(name: String, SymbolError)
    case raster(RasterError)
}

/// Draws the "Icon Switch Toggle Style" (docs/design-facts.md section 2) onto a premultiplied
/// canvas: `ToggleScene` lays it out, `SceneRasterizer` draws the scene.
public enum ToggleRenderer {
    /// Renders `spec` in `pose` (default: the still picture, `TogglePose(rest: spec)`; an
    /// animation frame passes its transition's pose). The canvas is
    /// `ToggleLayout(spec:).canvasWidth` x `canvasHeight` px.
    /// Blurred shadows come from `shadows` when it holds the same geometry (nil: always blur),
    /// fills' coverage from `fills` (nil: always rasterize); the bytes are the same either way.
    /// - Throws: `ToggleRenderError.unknownSymbol` when a symbol name is not in the catalogue,
    ///   `.corruptSymbol` when its bundled icon data does not parse.
    public static func render(_ spec: ToggleSpec, pose: TogglePose? = nil,
                              shadows: ShadowCache? = .shared,
                              fills: FillCache? = .shared) throws(ToggleRenderError) -> Canvas {
        let scene = try ToggleScene.scene(for: spec, pose: pose)
        do {
            return try SceneRasterizer.render(scene, shadows: shadows, fills: fills)
        } catch {
            throw .raster(error)
        }
    }

    /// Renders one animation frame (`ToggleAnimation.Frame.scene()`), the frame's canvas size;
    /// `shadows` and `fills` as for `render(_:pose:shadows:fills:)`.
    /// - Throws: as `render(_:pose:shadows:fills:)`.
    public static func render(_ frame: ToggleAnimation.Frame, shadows: ShadowCache? = .shared,
                              fills: FillCache? = .shared) throws(ToggleRenderError) -> Canvas {
        let scene = try frame.scene()
        do {
            return try SceneRasterizer.render(scene, shadows: shadows, fills: fills)
        } catch {
            throw .raster(error)
        }
    }
}
