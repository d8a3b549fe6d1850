import CHarfBuzz
import CLibPNG
import Scene

extension Font {
    /// The PNG of a colour bitmap glyph (`CBDT`, as Noto Color Emoji's, through HarfBuzz's
    /// `hb_ot_color_glyph_reference_png`), or nil for a glyph without one.
    func colorGlyphPNG(_ glyph: UInt32) -> [UInt8]? {
        guard hasColorBitmaps, let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)))
    }

    /// The box `glyph`'s ink fills, font units, y up from the baseline (HarfBuzz's
    /// `hb_font_get_glyph_extents`; for a bitmap glyph its strike's `CBLC` metrics scaled from
    /// the strike's ppem): left edge, top edge, width, height (positive).
    func glyphBox(_ glyph: UInt32) -> (left: Double, top: Double, width: Double, height: Double)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else {
            return nil
        }
        return (Double(extents.x_bearing), Double(extents.y_bearing), Double(extents.width), -Double(extents.height))
    }
}

/// PNG files decoded by libpng's simplified read API, which handles libpng's errors itself
/// (docs/design-facts.md section 8), into premultiplied RGBA8.
enum PNGDecoding {
    /// The most pixels a colour glyph may have (Noto Color Emoji's are 136 x 128).
    static let maximumPixels = 1 << 20

    /// `png` as a bitmap, or nil when libpng rejects it or it is larger than `maximumPixels`.
    static func bitmap(_ png: [UInt8]) -> RGBABitmap? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let decoded: (Int, Int, [UInt8])? = png.withUnsafeBytes { raw in
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else { return nil }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width * height <= maximumPixels else {
                png_image_free(&image)
                return nil
            }
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
            png_image_free(&image)
            return finished != 0 ? (width, height, pixels) : nil
        }
        guard let (width, height, straight) = decoded else { return nil }
        var pixels = straight
        // Straight alpha to premultiplied, rounded to nearest.
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = UInt32(pixels[i + 3])
            for c in 0..<3 { pixels[i + c] = UInt8((UInt32(pixels[i + c]) * alpha + 127) / 255) }
        }
        return RGBABitmap(width: width, height: height, pixels: pixels, png: png)
    }
}
