import CPNGEncoder
import Geometry
import Raster
import Scene
import SceneRaster
import Utilities

/// What a still shares with the same picture in any other opaque tint (a toggle in another
/// `color=`): its geometry, so that its PNG can number its palette by coverage class
/// (`PaletteClasses`) and take the image data compressed for that geometry once.
public struct TintVariants: Sendable {
    /// Equal for two pictures exactly when they differ at most in their opaque tint (a toggle's
    /// canonical key with the tint set to a fixed colour): the classes' cache key.
    public var key: [UInt8]
    /// The picture laid out in each of the given tints (`PaletteClasses.probeTints`), drawn when
    /// the picture has more than 256 classes to decide which share an entry; nil when it cannot
    /// be laid out.
    public var probes: @Sendable ([RGBAColor]) -> [Scene]?

    /// - Parameters:
    ///   - key: the geometry's key (`key`).
    ///   - probes: lays the picture out in each given tint, in order (`probes`).
    public init(key: [UInt8], probes: @escaping @Sendable ([RGBAColor]) -> [Scene]?) {
        self.key = key
        self.probes = probes
    }
}

/// A still's pixels grouped by coverage class, with the palette index image and its compressed
/// image data (CPNGEncoder's `tis_palette_classes`): pixels at which the same operations in the
/// same colours composited at the same source alphas (`SceneRasterizer.operationAlphas(of:)`)
/// have one colour in any tint, so the picture in every tint has the same index image,
/// compressed once. An encode given the
/// classes (`PNGEncoder.encode(_:text:pixelsPerMetre:classes:)`) checks its pixels against them
/// and writes only its own palette, or encodes by colour when they do not fit. Immutable once
/// made; kept per `TintVariants.key` in a cache bounded in bytes (`Caches.paletteClasses`).
public final class PaletteClasses: @unchecked Sendable {
    /// The C classes, read-only once made.
    let pointer: OpaquePointer
    /// The bytes they hold.
    public let byteCount: Int

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        byteCount = tis_palette_classes_bytes(pointer)
    }

    deinit { tis_palette_classes_free(pointer) }


    /// The tints a picture with more than 256 classes is drawn in to decide which classes share
    /// an entry (`TintVariants.probes`): channel values spread over the range and away from 0
    /// and 255, at which many classes coincide (Benchmarks/palette-classes).
    public static let probeTints = [RGBAColor(red: 8, green: 103, blue: 199), RGBAColor(red: 55, green: 151, blue: 247)]

    /// The index image's settings: `PNGEncoder.toggleStill`'s, but zlib level 7 for the palette
    /// data, whatever its size: it is compressed once per geometry and sent with every tint
    /// (Benchmarks/palette-classes for bytes by level, Benchmarks/png-size/toggles.sh).
    static let indexImageEncoder: PNGEncoder = {
        var encoder = PNGEncoder.toggleStill
        encoder.paletteImageLevels = []
        encoder.smallImageLevels = []
        encoder.compressionLevel = 7
        encoder.reusesImageData = false
        return encoder
    }()

    /// The classes of the geometry `variants` stand for, `width` x `height` px, made from the
    /// picture in the first probe tint (so the same whichever tint asks first), with the other
    /// probe tints drawn when there are more than 256 classes; nil when the picture cannot be
    /// laid out in them or grouped (a layer or an image, too many operations or classes) or its
    /// classes cannot be merged to 256 within the still encoder's bound.
    static func make(_ variants: TintVariants, width: Int, height: Int, caches: RasterCaches) -> PaletteClasses? {
        // Every render here has the still's shapes: its caches (its own when the shared ones are
        // off) blur the shadow and sweep each fill once.
        let (fills, shadows) = (caches.fills, caches.shadows)
        func draw(_ scene: Scene) throws(RasterError) -> [UInt8] {
            try SceneRasterizer.render(scene, shadows: shadows, fills: fills).pixels
        }
        guard let scenes = variants.probes(probeTints), scenes.count == probeTints.count,
              scenes.allSatisfy({ $0.width == width && $0.height == height }), width > 0, height > 0,
              let planes = try? SceneRasterizer.operationAlphas(of: scenes[0], shadows: shadows, fills: fills),
              let first = try? draw(scenes[0]) else { return nil }
        let colours = scenes[0].operations.map(Self.colourWord)
        guard let found = tis_palette_classes_find(planes, colours, Int32(colours.count), UInt32(width),
                                                   UInt32(height)) else { return nil }
        var probePixels: [UInt8] = []
        if tis_palette_classes_count(found) > 256 {
            guard let others = try? scenes.dropFirst().map(draw) else {
                tis_palette_classes_free(found)
                return nil
            }
            probePixels = first + others.flatMap { $0 }
        }
        var options = indexImageEncoder.options(width: width, height: height, pixelsPerMetre: 0, premultiplied: false)
        let status = first.withUnsafeBufferPointer { pixels in
            probePixels.withUnsafeBufferPointer { probes in
                tis_palette_classes_finish(found, pixels.baseAddress, probes.baseAddress,
                                           Int32(probePixels.count / (width * height * 4)), &options)
            }
        }
        guard status == 0 else {
            tis_palette_classes_free(found)
            return nil
        }
        return PaletteClasses(found)
    }

    /// An operation's colour as one word (red, green and blue; its alpha is in its plane).
    static func colourWord(_ operation: SceneOperation) -> UInt32 {
        let color: RGBAColor
        switch operation {
        case .paint(let c): color = c
        case .fill(let fill): color = fill.color
        case .shadow(let shadow): color = shadow.color
        case .layer, .image: color = .clear
        }
        return UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
    }
}

extension PaletteClasses {
    /// A cached outcome: the classes, or nil for a geometry that has none.
    struct Entry: Sendable {
        let classes: PaletteClasses?
    }

    /// `TintVariants.key` with its hash made once (`Hasher` fed one word, not a byte at a time).
    struct Key: Hashable, Sendable {
        let bytes: [UInt8]
        let hash: UInt64

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            hash = StableHash.mixed(StableHash.fnv1a(bytes))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
    }

    /// Classes by `TintVariants.key`, `Caches.standard.paletteClasses` bytes until the server
    /// sets its share (`setCacheBytes`). Emptied when full: the classes are made again, the same.
    static let cache = BoundedCache<Key, Entry>(capacity: Caches.standard.paletteClasses, whenFull: .startOver) {
        key, entry in key.bytes.count + (entry.classes?.byteCount ?? 0) + Caches.entryOverheadBytes
    }

    /// The most bytes the classes' cache holds (`Caches.paletteClasses` once the server has set it).
    public static var cacheCapacityBytes: Int { cache.capacity }

    /// The bytes the classes' cache holds now.
    public static var cacheBytesHeld: Int { cache.totalCost }

    /// Sets the classes' cache's budget (0 or less: nothing is kept; the classes are then made for
    /// every picture, with the same bytes). Process-wide; thread-safe.
    public static func setCacheBytes(_ bytes: Int) { cache.setCapacity(bytes) }

    /// The largest picture grouped by class, px: every Dynamic Type size at scale 2 and the
    /// default size up to scale 4. Making a geometry's classes costs several renders of it, and
    /// past this a picture is rarely asked for in many tints, while its first request (or every
    /// one with `--cache-bytes 0`) would cost twice as much (`Benchmarks/worst/run.sh` with a
    /// scale 4 accessibility5 toggle and `pad=64`).
    public static let maximumPixels = 65_536

    /// The classes of `variants`' geometry (`width` x `height` px), from the cache or made (with
    /// `caches`, the still's own); nil past `maximumPixels`.
    static func classes(for variants: TintVariants, width: Int, height: Int,
                        caches: RasterCaches = .forOneStill()) -> PaletteClasses? {
        guard width * height <= maximumPixels else { return nil }
        let key = Key(variants.key)
        if let held = cache.value(for: key) { return held.classes }
        let made = make(variants, width: width, height: height, caches: caches)
        cache.insert(Entry(classes: made), for: key)
        return made
    }
}
