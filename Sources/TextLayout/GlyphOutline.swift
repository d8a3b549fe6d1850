import CHarfBuzz
import Geometry

extension Font {
    /// The outline of `glyph` as a path in font units with y pointing down (the font's y flipped,
    /// so the baseline is y = 0 and ascenders have negative y), origin at the glyph's pen position.
    ///
    /// Comes from HarfBuzz's `hb_font_get_glyph_shape` through `hb_draw_funcs_t` callbacks (CFF
    /// and TrueType alike; quadratic curves stay quadratic). Unhinted, as iOS draws text. An empty
    /// path for glyphs without contours (space).
    public func outline(of glyph: UInt32) -> Path {
        let builder = OutlineBuilder()
        withExtendedLifetime(builder) {
            hb_font_get_glyph_shape(hbFont, glyph, DrawFuncs.shared.funcs,
                                    Unmanaged.passUnretained(builder).toOpaque())
        }
        return builder.path
    }
}

/// Collects the draw callbacks' commands into a `Path`, flipping y.
private final class OutlineBuilder {
    var path = Path()
}

/// One immutable `hb_draw_funcs_t` for every outline request (HarfBuzz allows sharing an
/// immutable funcs object between threads).
private final class DrawFuncs: @unchecked Sendable {
    static let shared = DrawFuncs()
    let funcs: OpaquePointer

    private init() {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            builder(data).path.move(to: Point(Double(x), -Double(y)))
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            builder(data).path.line(to: Point(Double(x), -Double(y)))
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            builder(data).path.quad(to: Point(Double(x), -Double(y)), control: Point(Double(cx), -Double(cy)))
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            builder(data).path.cubic(to: Point(Double(x), -Double(y)),
                                     control1: Point(Double(c1x), -Double(c1y)),
                                     control2: Point(Double(c2x), -Double(c2y)))
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            builder(data).path.close()
        }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        self.funcs = funcs
    }
}

private func builder(_ data: UnsafeMutableRawPointer?) -> OutlineBuilder {
    Unmanaged<OutlineBuilder>.fromOpaque(data!).takeUnretainedValue()
}
