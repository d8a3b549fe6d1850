import Geometry
import Raster

/// Errors that stop a toggle from being drawn.
public enum ToggleRenderError: Error, Equatable, Sendable {
    case unknownSymbol(String)
    /// The symbol's bundled icon data does not parse (see `SymbolError.corruptIcon`).
    case corruptSymbol(name: String, SymbolError)
    case raster(RasterError)
    /// The PNG encoder failed; its message.
    case encoding(String)
}

/// Draws the "Icon Switch Toggle Style" (docs/design-facts.md section 2) onto a premultiplied canvas.
///
/// Layers, bottom to top: background (if any), track, knob shadow, knob, symbol. Disabled draws
/// every layer at 0.4 of its own alpha, as `.opacity(0.4)` does without a compositing group.
public enum ToggleRenderer {
    /// Renders `spec` in `pose` (default: the still picture, `TogglePose(rest: spec)`; an
    /// animation frame passes its transition's pose). The canvas is
    /// `ToggleLayout(spec:).canvasWidth` x `canvasHeight` px.
    /// Blurred shadows come from `shadows` when it holds the same geometry (nil: always blur).
    /// - Throws: `ToggleRenderError.unknownSymbol` when a symbol name is not in the catalogue,
    ///   `.corruptSymbol` when its bundled icon data does not parse.
    public static func render(_ spec: ToggleSpec, pose: TogglePose? = nil,
                              shadows: ShadowCache? = .shared) throws(ToggleRenderError) -> Canvas {
        let layout = ToggleLayout(spec: spec)
        let pose = pose ?? TogglePose(rest: spec)
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
        let layerOpacity = spec.disabled ? 0.4 : 1
        let w = layout.canvasWidth, h = layout.canvasHeight
        var canvas = Canvas(width: w, height: h)
        // Working memory for this picture's layers (each rasterized in its own bounding box).
        var scratch = RasterScratch()
        do throws(RasterError) {
            if let background = spec.background {
                canvas.fillAll(background.resolved(in: appearance))
            }

            let pad = Double(layout.padding)
            let track = Path.capsule(x: pad, y: pad, width: Double(layout.trackWidth),
                                     height: Double(layout.trackHeight))
            try canvas.fill(track, color: pose.trackColor, opacity: layerOpacity, scratch: &scratch)

            let center = Point(pose.knobCenterX, layout.knobCenterY)
            let shadowCenter = center + Point(0, ToggleLayout.shadowOffsetY * layout.scale)
            let shadowShape = Path.circle(center: shadowCenter, radius: layout.knobRadius)
            // The knob, when drawn opaque right after, hides most of its shadow: skip those pixels.
            let knobIsOpaque = StyleColors.knob.alpha * layerOpacity >= 1
            let hidden = knobIsOpaque ? OpaqueDisc(center: center, radius: layout.knobRadius) : nil
            let sigma = ToggleLayout.shadowSigma * layout.scale
            let blur = { () throws(RasterError) -> BoxCoverage in
                try GaussianBlur.blurredCoverage(of: shadowShape, width: w, height: h, sigma: sigma,
                                                 hiddenUnder: hidden, scratch: &scratch)
            }
            let key = ShadowCache.Key(width: w, height: h, centerX: shadowCenter.x, centerY: shadowCenter.y,
                                      radius: layout.knobRadius, sigma: sigma, hiddenUnder: hidden)
            let shadow: BoxCoverage
            if let shadows { shadow = try shadows.shadow(for: key, make: blur) } else { shadow = try blur() }
            canvas.composite(shadow, color: StyleColors.shadow, opacity: layerOpacity)

            let knob = Path.circle(center: center, radius: layout.knobRadius)
            try canvas.fill(knob, color: StyleColors.knob, opacity: layerOpacity, scratch: &scratch)

            // The 24-unit box, centred on the knob, scaled to the symbol box side (times the
            // pose's scale during a replace effect).
            for (path, symbol) in symbols {
                let k = layout.symbolBoxSide / 24 * symbol.scale
                let toCanvas = AffineTransform.scale(k, k)
                    .then(.translation(center.x - 12 * k, center.y - 12 * k))
                try canvas.fill(path, transform: toCanvas, color: symbol.color,
                                opacity: layerOpacity * symbol.opacity, scratch: &scratch)
            }
        } catch {
            throw .raster(error)
        }
        return canvas
    }
}
