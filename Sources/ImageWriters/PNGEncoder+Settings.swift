extension PNGEncoder {
    /// The settings for RGBA images, chosen by measurement (`Benchmarks/png-size/run.sh` for bytes
    /// against `optipng -o7` of the same pixels, `Benchmarks/profile/uncached-callgrind.sh` and
    /// `Benchmarks/raster/render-encode.sh` for instructions): no row filter (flat colour with
    /// transparent corners compresses best unfiltered); zlib's effort grows with the image, since
    /// a small image costs few bytes and most of a request's time: level 3 under 40,000 bytes of
    /// image data (scales 1 and 2), level 5 under 100,000 (scale 3 RGBA), level 8 above (scale 4
    /// and large sizes, which carry most of the bytes); zlib's hash table sized to the image; sRGB.
    /// A still that would cost too much at these levels takes `cheapest(_:)`.
    public static let rgba: PNGEncoder = {
        var encoder = PNGEncoder()
        encoder.filters = 0x08        // PNG_FILTER_NONE
        encoder.compressionLevel = 8
        encoder.smallImageLevels = [.init(belowBytes: 40_000, level: 3), .init(belowBytes: 100_000, level: 5)]
        encoder.strategy = 0          // Z_DEFAULT_STRATEGY
        return encoder
    }()

    /// A toggle's still: `rgba` plus a palette (colour type 3) when the picture has at most 256
    /// distinct RGBA values, as toggles at scale 1 do, or up to 512 whose rarest colours can be
    /// drawn with a neighbour at 50 dB PSNR or better (the fidelity bound), as at scales 2 to 4:
    /// a quarter of the data to compress, and smaller files. Palette data takes zlib level 3
    /// under 10,000 bytes (scales 1 and 2), 5 under 100,000 (scales 3 and 4), 8 above, chosen
    /// with `Benchmarks/png-size/toggles.sh`.
    public static let toggleStill: PNGEncoder = {
        var still = PNGEncoder.rgba
        still.allowsPalette = true
        still.paletteMinimumPSNR = 50
        still.paletteImageLevels = [.init(belowBytes: 10_000, level: 3), .init(belowBytes: 100_000, level: 5)]
        return still
    }()

    /// A row's or card's still: `toggleStill`, but zlib level 6 instead of 8 for RGBA image data
    /// over 100,000 bytes. A row has more than 256 colours (antialiased text over the switch), so
    /// it is RGBA. Level 6: about half level 8's time for under 5 % more bytes
    /// (`row-bench N encode-level=L` under callgrind). Palettes stay exact (no merged colours),
    /// so that an animated row ends on its still row's very pixels.
    public static let labelledStill: PNGEncoder = {
        var encoder = PNGEncoder.toggleStill
        encoder.compressionLevel = 6
        encoder.paletteMinimumPSNR = 0
        return encoder
    }()

    /// Animation frames: no row filter, zlib level 7, default strategy; RGBA, or indices into
    /// the palette all frames share (`FramePalette`; frames share one header, so never a
    /// palette of their own). Chosen with `Benchmarks/apng/run.sh` against `apngopt -z0` of the
    /// same frames: level 7 has nearly level 6's speed, with a margin under the 1.10x target for
    /// bytes. `animationFrames(_:palette:)` lowers the level where it would cost too much.
    public static let animationFrame: PNGEncoder = {
        var encoder = PNGEncoder()
        encoder.filters = 0x08        // PNG_FILTER_NONE
        encoder.compressionLevel = 7
        encoder.strategy = 0          // Z_DEFAULT_STRATEGY
        return encoder
    }()

    /// `encoder` at zlib level 3 for every image, for a still the query's cost check sends at
    /// `StillCost.Compression.cheapest`: where zlib at level 5 to 8 took most of a large
    /// picture's instructions, level 3 takes about a third of level 6's for 13 to 60 % more
    /// bytes (`Benchmarks/worst/run.sh`; figures in docs/performance.md, Worst requests).
    public static func cheapest(_ encoder: PNGEncoder) -> PNGEncoder {
        var cheap = encoder
        cheap.overridingLevel = 3
        return cheap
    }

    /// The encoder for an animation's frames (`work`), as RGBA or as a `palette` image:
    /// `animationFrame` at the best-compressing zlib level whose estimated cost fits
    /// `FrameCost.budget` (level 7, else 5, else 3; the cheapest when none fits).
    ///
    /// Frames of 64 KB of data or more (scale 3 and up) take zlib memLevel 7, half the hash
    /// table `memory_level_for` would give them: deflateReset clears it for every frame, and
    /// the bytes stay within a few per frame (`Benchmarks/worst/run.sh` on looping toggles).
    public static func animationFrames(_ work: FrameCost.Work, palette: Bool) -> PNGEncoder {
        var encoder = animationFrame
        encoder.compressionLevel = FrameCost.level(work, palette: palette) ?? FrameCost.levels.last!.level
        if work.pixels * 4 >= work.frames << 16 { encoder.memoryLevel = 7 }
        return encoder
    }
}
