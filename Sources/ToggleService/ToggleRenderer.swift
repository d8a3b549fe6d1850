import Raster
import Scene
import SceneRaster
import TogglePicture

/// Draws a toggle (docs/design-facts.md section 2) onto a premultiplied canvas: `ToggleScene`
/// lays it out, `SceneRasterizer` draws the scene.
public enum ToggleRenderer {
    /// Renders `spec` in `pose` (default: the still picture, `TogglePose(rest: spec)`; an
    /// animation frame passes its transition's pose). The canvas is
    /// `ToggleLayout(spec:).canvasWidth` x `canvasHeight` px.
    /// Blurred shadows come from `shadows` when it holds the same geometry (nil: always blur),
    /// fills' coverage from `fills` (nil: always rasterize); the bytes are the same either way.
    /// - Throws: `ToggleImageError.render` when a symbol cannot be drawn, `.raster` when the
    ///   canvas cannot be made.
    public static func render(_ spec: ToggleSpec, pose: TogglePose? = nil,
                              shadows: ShadowCache? = .shared,
                              fills: FillCache? = .shared) throws(ToggleImageError) -> Canvas {
        let scene: Scene
        do { scene = try ToggleScene.scene(for: spec, pose: pose) } catch { throw .render(error) }
        do { return try SceneRasterizer.render(scene, shadows: shadows, fills: fills) } catch { throw .raster(error) }
    }

    /// Renders one animation frame (`ToggleAnimation.Frame.scene()`), the frame's canvas size;
    /// `shadows` and `fills` as for `render(_:pose:shadows:fills:)`.
    /// - Throws: as `render(_:pose:shadows:fills:)`.
    public static func render(_ frame: ToggleAnimation.Frame, shadows: ShadowCache? = .shared,
                              fills: FillCache? = .shared) throws(ToggleImageError) -> Canvas {
        let scene: Scene
        do { scene = try frame.scene() } catch { throw .render(error) }
        do { return try SceneRasterizer.render(scene, shadows: shadows, fills: fills) } catch { throw .raster(error) }
    }
}
