import Geometry
import Scene
import Utilities

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
/// - Self-contained and inert: no script, `foreignObject`, external references (the one URI is an
///   image's `data:`) or event attributes; `role="img"`, `aria-label` and `<title>` from `scene.title`, XML-escaped.
/// - A layer is a `<g>` translated to its offset, with its opacity; its shadows' filter region is
///   the layer's canvas.
/// - An image (a colour emoji) is an `<image>` holding its PNG in a `data:` URI (`appendImage`).
/// - Deterministic: equal scenes give equal bytes; numbers have at most 3 decimals.
public enum SVGWriter {
    /// The SVG for `scene`, UTF-8. From a template (`SVGDocumentTemplates`) when a scene
    /// differing only in its colours was written before: the same bytes as writing it.
    public static func svg(_ scene: Scene) -> [UInt8] {
        // Looked up first: a scene that matches a template admits one.
        if let bytes = SVGDocumentTemplates.document(for: scene) { return bytes }
        guard SVGDocumentTemplates.admits(scene) else { return documentBytes(scene, dark: nil) }
        var paints: [Range<Int>] = []
        let bytes = documentBytes(scene, dark: nil, paints: &paints)
        SVGDocumentTemplates.keep(scene, bytes: bytes, paints: paints)
        return bytes
    }

    /// Gives the SVG writer's caches, path data (`Caches.svgPathData`) and document templates
    /// (`Caches.svgDocuments`), their shares of `caches`; 0 keeps nothing (the documents are the
    /// same bytes either way). Process-wide; thread-safe.
    public static func setCacheBudget(_ caches: Caches) {
        SVGPathDataCache.setCapacityBytes(caches.svgPathData)
        SVGDocumentTemplates.setCapacityBytes(caches.svgDocuments)
    }

    /// The capacities of the path data and template caches, bytes.
    public static var cacheCapacities: (pathData: Int, documents: Int) {
        (SVGPathDataCache.capacityBytes, SVGDocumentTemplates.capacityBytes)
    }

    /// The bytes the path data and template caches hold.
    public static var cacheBytesHeld: (pathData: Int, documents: Int) {
        (SVGPathDataCache.bytesHeld, SVGDocumentTemplates.bytesHeld)
    }

    /// One SVG that shows `light`, or `dark` where the viewer prefers a dark colour scheme
    /// (`@media (prefers-color-scheme: dark)` in a `<style>` element, Media Queries level 5).
    /// - Throws: `SVGWriterError.scenesDiffer` unless the two differ only in their colours.
    public static func svg(light: Scene, dark: Scene) throws(SVGWriterError) -> [UInt8] {
        guard light.width == dark.width, light.height == dark.height, light.title == dark.title,
              light.operations.map(uncoloured) == dark.operations.map(uncoloured)
        else { throw .scenesDiffer }
        return documentBytes(light, dark: dark)
    }

    /// `documentBytes` as a `String`.
    static func document(_ scene: Scene, dark: Scene?, classes: [Int: String] = [:], movingShadowMargin: Int = 0,
                         style: String = "") -> String {
        String(decoding: documentBytes(scene, dark: dark, classes: classes, movingShadowMargin: movingShadowMargin,
                                       style: style), as: UTF8.self)
    }

    /// The whole document as UTF-8, written straight into one byte array: markup from static
    /// strings, numbers digit by digit, no `String` per element (string interpolation and
    /// concatenation were most of an uncached `/toggle.svg`'s cost: Benchmarks/profile/svg-callgrind.sh).
    /// `classes` and `movingShadowMargin` go to `Body`; `style` is CSS written before the dark rules.
    static func documentBytes(_ scene: Scene, dark: Scene?, classes: [Int: String] = [:], movingShadowMargin: Int = 0,
                              style: String = "") -> [UInt8] {
        var unrecorded: [Range<Int>]? = nil
        return documentBytes(scene, dark: dark, classes: classes, movingShadowMargin: movingShadowMargin, style: style,
                             recording: &unrecorded)
    }

    /// `documentBytes` with where each paint (`paintBytes`) was written, in writing order.
    static func documentBytes(_ scene: Scene, dark: Scene?, paints: inout [Range<Int>]) -> [UInt8] {
        var recorded: [Range<Int>]? = []
        let bytes = documentBytes(scene, dark: dark, recording: &recorded)
        paints = recorded ?? []
        return bytes
    }

    private static func documentBytes(_ scene: Scene, dark: Scene?, classes: [Int: String] = [:],
                                      movingShadowMargin: Int = 0, style: String = "",
                                      recording paints: inout [Range<Int>]?) -> [UInt8] {
        var body = Body()
        body.paints = paints
        body.classes = classes
        body.movingShadowMargin = movingShadowMargin
        body.emit(scene, dark: dark)
        let stamp = SVGFilterIdentifiers.stamp(of: body.filters)
        SVGFilterIdentifiers.write(stamp, at: body.filterReferences, in: &body.text)
        var svg = SVGBytes(capacity: body.text.count + body.darkRules.count + style.utf8.count
                               + 12 * scene.title.utf8.count + 600)
        func put(_ literal: StaticString) { SVGText.append(literal, to: &svg) }
        func put(_ n: Int) { SVGText.appendInteger(n, to: &svg) }
        put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""); put(scene.width)
        put("\" height=\""); put(scene.height)
        put("\" viewBox=\"0 0 "); put(scene.width); put(" "); put(scene.height)
        put("\" role=\"img\" aria-label=\"")
        let titleStart = svg.count
        SVGText.appendEscaped(scene.title, to: &svg)
        let titleEnd = svg.count
        put("\"><title>")
        svg.appendCopy(of: titleStart ..< titleEnd)
        put("</title>")
        if !body.darkRules.isEmpty || !style.isEmpty {
            put("<style>")
            svg.append(utf8: style)
            if !body.darkRules.isEmpty {
                put("@media (prefers-color-scheme:dark){")
                svg.append(contentsOf: body.darkRules)
                put("}")
            }
            put("</style>")
        }
        if !body.filters.isEmpty {
            put("<defs>")
            for (i, f) in body.filters.enumerated() {
                let m = f.margin
                put("<filter id=\""); SVGFilterIdentifiers.appendID(i, stamp: stamp, to: &svg)
                put("\" x=\""); put(-m)
                put("\" y=\""); put(-m)
                put("\" width=\""); put(f.width + 2 * m)
                put("\" height=\""); put(f.height + 2 * m)
                put("\" filterUnits=\"userSpaceOnUse\" color-interpolation-filters=\"sRGB\"><feGaussianBlur stdDeviation=\"")
                SVGText.appendNumber(f.sigma, to: &svg)
                put("\"/></filter>")
            }
            put("</defs>")
        }
        if let recorded = body.paints {
            let offset = svg.count
            paints = recorded.map { ($0.lowerBound + offset) ..< ($0.upperBound + offset) }
        }
        svg.append(contentsOf: body.text)
        put("</svg>")
        return svg.bytes
    }

    /// The drawing elements, written depth first, with what the header needs collected on the way.
    struct Body: ~Copyable {
        /// A blur filter: sigma, and the canvas (of the scene or layer using it) as its region.
        /// `margin` px widens the region on every side (an animated shadow's region moves with it).
        struct Filter: Equatable { var sigma: Double, width: Int, height: Int, margin = 0 }
        /// The elements, UTF-8.
        var text = SVGBytes(capacity: 2048)
        /// `.cN{...}` rules for operations whose colour differs in the dark scene, UTF-8.
        var darkRules = SVGBytes(capacity: 16)
        var filters: [Filter] = []
        /// Where each filter reference's stamp stands in `text` (`SVGFilterIdentifiers`).
        var filterReferences: [Int] = []
        /// Operations written so far: the N of each class name.
        var count = 0
        /// Class names for operations by their N (an animated SVG's moving elements).
        var classes: [Int: String] = [:]
        /// Margin of the filter region of a shadow that moves (see `Filter.margin`), px.
        var movingShadowMargin = 0
        /// Where each paint was written in `text`, when asked for (not nil).
        var paints: [Range<Int>]?

        private mutating func put(_ literal: StaticString) { SVGText.append(literal, to: &text) }
        private mutating func put(_ n: Int) { SVGText.appendInteger(n, to: &text) }
        private mutating func put(_ v: Double) { SVGText.appendNumber(v, to: &text) }

        mutating func emit(_ scene: Scene, dark: Scene?) {
            for i in scene.operations.indices {
                let operation = scene.operations[i]
                let n = count
                count += 1
                let darkOperation = dark?.operations[i]
                if case .layer(let layer) = operation {
                    var darkScene: Scene?
                    if case .layer(let d)? = darkOperation { darkScene = d.scene }
                    emitLayer(layer, dark: darkScene)
                    continue
                }
                if case .image(let image) = operation {
                    SVGWriter.appendImage(image, to: &text)
                    continue
                }
                let paint = colour(operation)
                if case .paint = operation { put("<rect") } else { put("<path") }
                putClass(n, paint: paint, dark: darkOperation)
                switch operation {
                case .paint:
                    put(" width=\""); put(scene.width); put("\" height=\""); put(scene.height); put("\"")
                    putPaint(paint)
                    put("/>")
                case .fill(let f):
                    emitFill(f, paint: paint)
                case .shadow(let s):
                    emitShadow(s, paint: paint, operation: n, in: scene)
                case .layer, .image:
                    break
                }
            }
        }

        /// A layer as a `<g>` with its offset and opacity, its operations inside.
        private mutating func emitLayer(_ layer: SceneLayer, dark: Scene?) {
            put("<g")
            if layer.x != 0 || layer.y != 0 {
                put(" transform=\"translate("); put(layer.x); put(" "); put(layer.y); put(")\"")
            }
            let opacity = min(max(layer.opacity, 0), 1)
            if !SVGText.writesOne(opacity) { put(" opacity=\""); put(opacity); put("\"") }
            put(">")
            emit(layer.scene, dark: dark)
            put("</g>")
        }

        /// The rest of a fill's `<path`: its data, paint, transform and fill rule.
        private mutating func emitFill(_ f: PathFill, paint: (color: RGBAColor, alpha: Double)) {
            put(" d=\"")
            SVGPathDataCache.appendPathData(f.path, transform: .identity, to: &text)
            put("\"")
            putPaint(paint)
            if f.transform != .identity {
                let t = f.transform
                put(" transform=\"matrix("); put(t.a); put(" "); put(t.b); put(" "); put(t.c); put(" ")
                put(t.d); put(" "); put(t.tx); put(" "); put(t.ty); put(")\"")
            }
            if f.fillRule == .evenOdd { put(" fill-rule=\"evenodd\"") }
            put("/>")
        }

        /// The rest of a shadow's `<path`: its data, paint and the blur filter it points at (one
        /// filter per sigma and margin; a moving shadow's filter region has a margin).
        private mutating func emitShadow(_ s: PathShadow, paint: (color: RGBAColor, alpha: Double),
                                         operation n: Int, in scene: Scene) {
            let moving = !classes.isEmpty && classes[n] != nil
            let filter = Filter(sigma: s.sigma, width: scene.width, height: scene.height,
                                margin: moving ? movingShadowMargin : 0)
            let id: Int
            if let known = filters.firstIndex(of: filter) { id = known } else { id = filters.count; filters.append(filter) }
            put(" d=\"")
            SVGPathDataCache.appendPathData(s.path, transform: s.placement, to: &text)
            put("\"")
            putPaint(paint)
            put(" filter=\"url(#")
            SVGFilterIdentifiers.appendID(id, stamp: 0, to: &text)  // the stamp is written once all filters are known
            filterReferences.append(text.count - SVGFilterIdentifiers.stampDigits)
            put(")\"/>")
        }

        /// The element's `class`: `cN` with its dark colours in `darkRules` when the dark scene
        /// paints operation `n` differently, else its name in `classes` (if any).
        private mutating func putClass(_ n: Int, paint: (color: RGBAColor, alpha: Double), dark: SceneOperation?) {
            if let dark, differ(paint, colour(dark)) {
                let d = colour(dark)
                put(" class=\"c"); put(n); put("\"")
                SVGText.append(".c", to: &darkRules)
                SVGText.appendInteger(n, to: &darkRules)
                SVGText.append("{fill:", to: &darkRules)
                SVGText.appendHex(d.color, to: &darkRules)
                SVGText.append(";fill-opacity:", to: &darkRules)
                SVGText.appendNumber(d.alpha, to: &darkRules)
                SVGText.append("}", to: &darkRules)
            } else if !classes.isEmpty, let name = classes[n] {
                put(" class=\""); text.append(utf8: name); put("\"")
            }
        }

        /// ` fill="#rrggbb"`, plus ` fill-opacity` when not opaque (`paintBytes`).
        private mutating func putPaint(_ paint: (color: RGBAColor, alpha: Double)) {
            let start = text.count
            SVGWriter.paintBytes(paint, to: &text)
            paints?.append(start ..< text.count)
        }
    }

    /// ` fill="#rrggbb"`, plus ` fill-opacity="a"` when `paint.alpha` does not write as 1.
    static func paintBytes(_ paint: (color: RGBAColor, alpha: Double), to out: inout SVGBytes) {
        out.write(maximumCount: maximumPaintBytes) { p in writePaint(paint, to: p) }
    }

    /// The most bytes a paint takes: ` fill="#rrggbb" fill-opacity="`, a number of at most 24
    /// bytes (`SVGText.writeNumber`) and `"`.
    static let maximumPaintBytes = 64

    /// Writes `paintBytes`'s text at `p` (room for `maximumPaintBytes`); returns its length.
    static func writePaint(_ paint: (color: RGBAColor, alpha: Double), to p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = SVGText.write(" fill=\"", to: p)
        n += SVGText.writeHex(paint.color, to: p + n)
        n += SVGText.write("\"", to: p + n)
        guard !SVGText.writesOne(paint.alpha) else { return n }
        n += SVGText.write(" fill-opacity=\"", to: p + n)
        n += SVGText.writeNumber(paint.alpha, to: p + n)
        return n + SVGText.write("\"", to: p + n)
    }

    /// The colour an operation draws with and its effective alpha (colour alpha x opacity).
    static func colour(_ operation: SceneOperation) -> (color: RGBAColor, alpha: Double) {
        switch operation {
        case .paint(let c): return (c, c.alpha)
        case .fill(let f): return (f.color, f.color.alpha * min(max(f.opacity, 0), 1))
        case .shadow(let s): return (s.color, s.color.alpha * min(max(s.opacity, 0), 1))
        case .layer, .image: return (.clear, 0)
        }
    }

    static func differ(_ a: (color: RGBAColor, alpha: Double), _ b: (color: RGBAColor, alpha: Double)) -> Bool {
        (a.color.red, a.color.green, a.color.blue, a.alpha) != (b.color.red, b.color.green, b.color.blue, b.alpha)
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
        case .image:
            return operation
        }
    }
}
