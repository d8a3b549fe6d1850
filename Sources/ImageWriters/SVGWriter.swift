import Geometry
import Scene

/// Errors from writing SVG.
public enum SVGWriterError: Error, Equatable, Sendable {
    /// The light and dark scenes of a colour-scheme-following SVG differ in more than colours.
    case scenesDiffer
}

/// A `Scene` as an SVG 1.1 document (docs/design-facts.md section 9): `width`, `height` and
/// `viewBox` in the scene's px, so rasterized at its intrinsic size it matches the PNG.
///
/// - Fills become `<path>` (`fill`, `fill-opacity` = colour alpha x opacity, `fill-rule`); a
///   fill's transform stays a `transform="matrix(...)"` so path data keeps its own units.
/// - A shadow is its path (offset applied) through `<feGaussianBlur stdDeviation=sigma>`, in a
///   filter whose region is the canvas (`userSpaceOnUse`): large enough for every blur that can
///   show, clipped to the canvas as the PNG is; filters run in sRGB as our compositing does.
/// - Self-contained and inert: no script, `foreignObject`, external references or event
///   attributes; `role="img"`, `aria-label` and `<title>` from `scene.title`, XML-escaped.
/// - A layer is a `<g>` translated to its offset, with its opacity; its shadows' filter region is
///   the layer's canvas.
/// - Deterministic: equal scenes give equal bytes; numbers have at most 3 decimals.
public enum SVGWriter {
    /// The SVG for `scene`, UTF-8.
    public static func svg(_ scene: Scene) -> [UInt8] {
        Array(document(scene, dark: nil).utf8)
    }

    /// One SVG that shows `light`, or `dark` where the viewer prefers a dark colour scheme
    /// (`@media (prefers-color-scheme: dark)` in a `<style>` element, Media Queries level 5).
    /// - Throws: `SVGWriterError.scenesDiffer` unless the two differ only in their colours.
    public static func svg(light: Scene, dark: Scene) throws(SVGWriterError) -> [UInt8] {
        guard light.width == dark.width, light.height == dark.height, light.title == dark.title,
              light.operations.map(uncoloured) == dark.operations.map(uncoloured)
        else { throw .scenesDiffer }
        return Array(document(light, dark: dark).utf8)
    }

    /// `classes` and `movingShadowMargin` go to `Body`; `style` is CSS written before the dark rules.
    static func document(_ scene: Scene, dark: Scene?, classes: [Int: String] = [:], movingShadowMargin: Int = 0,
                         style: String = "") -> String {
        let w = String(scene.width), h = String(scene.height)
        let title = SVGText.escaped(scene.title)
        var body = Body()
        body.classes = classes
        body.movingShadowMargin = movingShadowMargin
        body.emit(scene, dark: dark)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
            + " role=\"img\" aria-label=\"\(title)\"><title>\(title)</title>"
        if !body.darkRules.isEmpty || !style.isEmpty {
            svg += "<style>" + style
            if !body.darkRules.isEmpty { svg += "@media (prefers-color-scheme:dark){\(body.darkRules)}" }
            svg += "</style>"
        }
        if !body.filters.isEmpty {
            svg += "<defs>"
            for (i, f) in body.filters.enumerated() {
                let m = f.margin
                svg += "<filter id=\"s\(i)\" x=\"\(-m)\" y=\"\(-m)\" width=\"\(f.width + 2 * m)\" height=\"\(f.height + 2 * m)\""
                    + " filterUnits=\"userSpaceOnUse\" color-interpolation-filters=\"sRGB\">"
                    + "<feGaussianBlur stdDeviation=\"\(SVGText.number(f.sigma))\"/></filter>"
            }
            svg += "</defs>"
        }
        return svg + body.text + "</svg>"
    }

    /// The drawing elements, written depth first, with what the header needs collected on the way.
    struct Body {
        /// A blur filter: sigma, and the canvas (of the scene or layer using it) as its region.
        /// `margin` px widens the region on every side (an animated shadow's region moves with it).
        struct Filter: Equatable { var sigma: Double, width: Int, height: Int, margin = 0 }
        var text = ""
        /// `.cN{...}` rules for operations whose colour differs in the dark scene.
        var darkRules = ""
        var filters: [Filter] = []
        /// Operations written so far: the N of each class name.
        var count = 0
        /// Class names for operations by their N (an animated SVG's moving elements).
        var classes: [Int: String] = [:]
        /// Margin of the filter region of a shadow that moves (see `Filter.margin`), px.
        var movingShadowMargin = 0

        mutating func emit(_ scene: Scene, dark: Scene?) {
            let w = String(scene.width), h = String(scene.height)
            for (i, operation) in scene.operations.enumerated() {
                let n = count
                count += 1
                let darkOperation = dark?.operations[i]
                if case .layer(let layer) = operation {
                    var attributes = ""
                    if layer.x != 0 || layer.y != 0 { attributes += " transform=\"translate(\(layer.x) \(layer.y))\"" }
                    let opacity = SVGText.number(min(max(layer.opacity, 0), 1))
                    if opacity != "1" { attributes += " opacity=\"\(opacity)\"" }
                    var darkScene: Scene?
                    if case .layer(let d)? = darkOperation { darkScene = d.scene }
                    text += "<g\(attributes)>"
                    emit(layer.scene, dark: darkScene)
                    text += "</g>"
                    continue
                }
                var classAttribute = classes[n].map { " class=\"\($0)\"" } ?? ""
                if let darkOperation, differ(colour(operation), colour(darkOperation)) {
                    classAttribute = " class=\"c\(n)\""
                    let d = colour(darkOperation)
                    darkRules += ".c\(n){fill:\(SVGText.hex(d.color));fill-opacity:\(SVGText.number(d.alpha))}"
                }
                let paint = paintAttributes(colour(operation))
                switch operation {
                case .paint:
                    text += "<rect\(classAttribute) width=\"\(w)\" height=\"\(h)\"\(paint)/>"
                case .fill(let f):
                    var attributes = ""
                    if f.transform != .identity {
                        let t = f.transform
                        attributes += " transform=\"matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(SVGText.number)
                            .joined(separator: " ") + ")\""
                    }
                    if f.fillRule == .evenOdd { attributes += " fill-rule=\"evenodd\"" }
                    text += "<path\(classAttribute) d=\"\(SVGText.pathData(f.path))\"\(paint)\(attributes)/>"
                case .shadow(let s):
                    let filter = Filter(sigma: s.sigma, width: scene.width, height: scene.height,
                                        margin: classes[n] == nil ? 0 : movingShadowMargin)
                    if !filters.contains(filter) { filters.append(filter) }
                    let id = filters.firstIndex(of: filter) ?? 0
                    text += "<path\(classAttribute) d=\"\(SVGText.pathData(s.path, transform: s.placement))\"\(paint)"
                        + " filter=\"url(#s\(id))\"/>"
                case .layer:
                    break
                }
            }
        }
    }

    /// The colour an operation draws with and its effective alpha (colour alpha x opacity).
    static func colour(_ operation: SceneOperation) -> (color: RGBAColor, alpha: Double) {
        switch operation {
        case .paint(let c): return (c, c.alpha)
        case .fill(let f): return (f.color, f.color.alpha * min(max(f.opacity, 0), 1))
        case .shadow(let s): return (s.color, s.color.alpha * min(max(s.opacity, 0), 1))
        case .layer: return (.clear, 0)
        }
    }

    static func differ(_ a: (color: RGBAColor, alpha: Double), _ b: (color: RGBAColor, alpha: Double)) -> Bool {
        (a.color.red, a.color.green, a.color.blue, a.alpha) != (b.color.red, b.color.green, b.color.blue, b.alpha)
    }

    /// ` fill="#rrggbb"`, plus ` fill-opacity` when not opaque.
    static func paintAttributes(_ paint: (color: RGBAColor, alpha: Double)) -> String {
        let opacity = SVGText.number(paint.alpha)
        return " fill=\"\(SVGText.hex(paint.color))\"" + (opacity == "1" ? "" : " fill-opacity=\"\(opacity)\"")
    }

    /// The operation with its colour and opacity taken out: what must agree between themes.
    static func uncoloured(_ operation: SceneOperation) -> SceneOperation {
        switch operation {
        case .paint: return .paint(.clear)
        case .fill(var f): f.color = .clear; f.opacity = 0; return .fill(f)
        case .shadow(var s): s.color = .clear; s.opacity = 0; s.hiddenUnder = nil; return .shadow(s)
        case .layer(var l):
            l.scene.operations = l.scene.operations.map(uncoloured)
            return .layer(l)
        }
    }
}
