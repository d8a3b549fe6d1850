import Foundation
import Scene

extension SVGWriter {
    /// `<image>` for a bitmap in a rectangle: the bitmap's PNG inside a `data:image/png;base64,`
    /// URI (RFC 2397; base64 by Foundation, RFC 4648), the only URI an SVG of ours holds, so the
    /// file stays self-contained (its Content-Security-Policy allows `img-src data:`). Stretched
    /// to the rectangle (`preserveAspectRatio="none"`), as the raster backend scales it; the
    /// viewer scales the PNG itself, so a zoomed SVG stays as sharp as the font's bitmap.
    static func appendImage(_ image: SceneImage, to text: inout SVGBytes) {
        SVGText.append("<image x=\"", to: &text)
        SVGText.appendInteger(image.x, to: &text)
        SVGText.append("\" y=\"", to: &text)
        SVGText.appendInteger(image.y, to: &text)
        SVGText.append("\" width=\"", to: &text)
        SVGText.appendInteger(image.width, to: &text)
        SVGText.append("\" height=\"", to: &text)
        SVGText.appendInteger(image.height, to: &text)
        SVGText.append("\" preserveAspectRatio=\"none\"", to: &text)
        let opacity = min(max(image.opacity, 0), 1)
        if !SVGText.writesOne(opacity) {
            SVGText.append(" opacity=\"", to: &text)
            SVGText.appendNumber(opacity, to: &text)
            SVGText.append("\"", to: &text)
        }
        SVGText.append(" href=\"data:image/png;base64,", to: &text)
        text.append(utf8: Data(image.bitmap.png).base64EncodedString())
        SVGText.append("\"/>", to: &text)
    }
}
