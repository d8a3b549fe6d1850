import Geometry
@testable import ImageWriters
import Raster
import Scene
import SceneRaster
import TestSupport
import XCTest

/// Palettes by coverage class (`PaletteClasses`): the pixels read back by decoders that share no
/// code with the encoder, against the same canvas encoded by colour (`classes: nil`, the encoder
/// as it was before classes), and the cases that must be encoded by colour.
final class PaletteClassTests: XCTestCase {
    /// A 60 x 40 picture: a capsule in `tint`, a white disc at 0.6 over it (with a soft black
    /// shadow unless `shadow` is false), a small square in `tint` on the disc; `shift` moves the
    /// disc by whole pixels.
    static func scene(tint: RGBAColor, shift: Double = 0, shadow: Bool = true) -> Scene {
        var scene = Scene(width: 60, height: 40, title: "")
        scene.append(.fill(PathFill(Path.capsule(x: 0, y: 0, width: 60, height: 40), color: tint)))
        let disc = Path.circle(center: Point(22 + shift, 20), radius: 13)
        if shadow {
            scene.append(.shadow(PathShadow(disc, offset: Point(0, 1), sigma: 2,
                                            color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2))))
        }
        scene.append(.fill(PathFill(disc, color: .white, opacity: 0.6)))
        scene.append(.fill(PathFill(Self.rect(18.5 + shift, 16.5, 7, 7), color: tint)))
        return scene
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Path {
        .polygon([Point(x, y), Point(x + width, y), Point(x + width, y + height), Point(x, y + height)])
    }

    static let tints = [RGBAColor(red: 52, green: 199, blue: 89), RGBAColor(red: 88, green: 86, blue: 214),
                        RGBAColor(red: 201, green: 17, blue: 140), RGBAColor(red: 3, green: 250, blue: 77)]

    static func draw(_ scene: Scene) throws -> Canvas { try SceneRasterizer.render(scene, shadows: nil, fills: nil) }

    /// The classes of the picture `scene` lays out in any tint.
    static func classes(of scene: @escaping @Sendable (RGBAColor) -> Scene) throws -> PaletteClasses {
        let size = scene(.black)
        let variants = TintVariants(key: []) { tints in tints.map(scene) }
        return try XCTUnwrap(PaletteClasses.make(variants, width: size.width, height: size.height, caches: .forOneStill()))
    }

    static func imageData(_ png: [UInt8]) throws -> [UInt8] {
        try XCTUnwrap(PNGChunks.parse(png)).filter { $0.type == "IDAT" }.flatMap { Array($0.data) }
    }

    /// Opaque tints from SplitMix64 (Steele, Lea and Flood) with a fixed seed: the same in every run.
    static let seededTints: [RGBAColor] = {
        var state: UInt64 = 11
        func byte() -> UInt8 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: (z ^ (z >> 31)) >> 56)
        }
        return (0..<40).map { _ in RGBAColor(red: byte(), green: byte(), blue: byte()) }
    }()

    /// Every tint: the pixels drawn, the classes' image data, and the palette and index bytes of
    /// the encoder by colour when the tint gives every class a colour of its own.
    func testAPaletteByClassHoldsThePixelsInEveryTint() throws {
        try checkPalettesByClass(shadow: true)
        try checkPalettesByClass(shadow: false)
    }

    func checkPalettesByClass(shadow: Bool) throws {
        let classes = try Self.classes(of: { Self.scene(tint: $0, shadow: shadow) })
        var imageData: [[UInt8]: Int] = [:], sameAsByColour = 0
        for (n, tint) in (Self.tints + Self.seededTints).enumerated() {
            let canvas = try Self.draw(Self.scene(tint: tint, shadow: shadow))
            let png = try PNGEncoder.toggleStill.encode(canvas, classes: classes)
            let byColour = try PNGEncoder.toggleStill.encode(canvas)
            XCTAssertEqual(try XCTUnwrap(DecodedPNG(png)).pixels, canvas.straightAlphaPixels(), "\(tint)")
            if n < 4 { XCTAssertEqual(try PNGFileReport.read(png).rgba, canvas.straightAlphaPixels(), "\(tint)") }
            // Written by class, or (many classes sharing a colour in this tint) by colour.
            guard png != byColour else { continue }
            XCTAssertEqual(png[25], 3, "a palette")
            imageData[try Self.imageData(png), default: 0] += 1
            let chunks = try XCTUnwrap(PNGChunks.parse(png)), reference = try XCTUnwrap(PNGChunks.parse(byColour))
            func palette(_ chunks: [PNGChunks.Chunk]) -> [ArraySlice<UInt8>] {
                chunks.filter { $0.type == "PLTE" || $0.type == "tRNS" }.map(\.data)
            }
            if palette(chunks).first?.count == palette(reference).first?.count {  // every class its own colour
                XCTAssertEqual(palette(chunks), palette(reference), "\(tint)")
                sameAsByColour += 1
            }
        }
        XCTAssertEqual(imageData.count, 1, "one index image for every tint written by class")
        XCTAssertGreaterThan(imageData.values.first ?? 0, 30, "most tints by class")
        if !shadow {  // a shadow's many near-identical alphas make some classes meet in every tint
            XCTAssertGreaterThan(sameAsByColour, 0, "some tint should give every class its own colour")
        }
    }

    /// Pixels that do not have their class's colour (here: the disc moved by a pixel, so the
    /// classes belong to another picture of the same size) are encoded by colour, byte for byte.
    func testAPictureThatSplitsAClassIsEncodedByColour() throws {
        let classes = try Self.classes(of: { Self.scene(tint: $0) })
        let moved = try Self.draw(Self.scene(tint: Self.tints[1], shift: 1))
        XCTAssertTrue(try PNGEncoder.toggleStill.encode(moved, classes: classes) == PNGEncoder.toggleStill.encode(moved))
        // Classes of another size are not used either.
        let small = Canvas(width: 30, height: 20)
        XCTAssertTrue(try PNGEncoder.toggleStill.encode(small, classes: classes) == PNGEncoder.toggleStill.encode(small))
    }

    /// A track with 40 white squares at 40 opacities: in a white tint every square is the
    /// track's colour, 40 entries repeating one, so the picture is encoded by colour; in another
    /// tint by class.
    func testATintInWhichManyClassesCoincideIsEncodedByColour() throws {
        @Sendable func squares(_ tint: RGBAColor) -> Scene {
            var scene = Scene(width: 80, height: 20, title: "")
            scene.append(.fill(PathFill(Self.rect(0, 0, 80, 20), color: tint)))
            for n in 0..<40 {
                let square = Self.rect(Double(n % 20) * 4, Double(n / 20) * 10, 3, 3)
                scene.append(.fill(PathFill(square, color: .white, opacity: 0.1 + Double(n) * 0.02)))
            }
            return scene
        }
        XCTAssertNil(try SceneRasterizer.operationAlphas(of: squares(.white)), "41 operations: past the planes")
        // Within the limit of planes: 30 squares.
        @Sendable func thirty(_ tint: RGBAColor) -> Scene {
            var scene = squares(tint)
            scene.operations.removeLast(10)
            return scene
        }
        let classes = try Self.classes(of: thirty)
        let white = try Self.draw(thirty(.white))
        XCTAssertTrue(try PNGEncoder.toggleStill.encode(white, classes: classes) == PNGEncoder.toggleStill.encode(white))
        let dark = try Self.draw(thirty(Self.tints[1]))
        let png = try PNGEncoder.toggleStill.encode(dark, classes: classes)
        XCTAssertEqual(try XCTUnwrap(DecodedPNG(png)).pixels, dark.straightAlphaPixels())
        XCTAssertEqual(try XCTUnwrap(PNGFileReport.read(png).plte).count, 31, "the track and 30 squares")
    }

    /// 15 white columns and 15 black rows, each at its own opacity, over a track, and a faint
    /// white square over a quarter of them: over 256 classes, merged to 256 entries, within the still encoder's bound (PSNR 50 dB on black
    /// and on white, the fidelity tests' measure) in every tint, with one index image.
    func testMoreThan256ClassesAreMergedWithinTheBound() throws {
        @Sendable func grid(_ tint: RGBAColor) -> Scene {
            var scene = Scene(width: 80, height: 80, title: "")
            scene.append(.fill(PathFill(Self.rect(0, 0, 80, 80), color: tint)))
            for n in 0..<15 {
                let column = Self.rect(Double(n) * 5, 0, 5, 80)
                scene.append(.fill(PathFill(column, color: .white, opacity: 0.05 + Double(n) * 0.05)))
            }
            for n in 0..<15 {
                let row = Self.rect(0, Double(n) * 5, 80, 5)
                scene.append(.fill(PathFill(row, color: .black, opacity: 0.04 + Double(n) * 0.05)))
            }
            // A faint square over parts of cells: a class within a level of its twin beside it.
            scene.append(.fill(PathFill(Self.rect(0, 2, 40, 40), color: .white, opacity: 0.003)))
            return scene
        }
        let classes = try Self.classes(of: grid)
        var imageData: [[UInt8]: Int] = [:]
        for tint in Self.tints + Self.seededTints {
            let canvas = try Self.draw(grid(tint))
            let png = try PNGEncoder.toggleStill.encode(canvas, classes: classes)
            let decoded = try XCTUnwrap(DecodedPNG(png))
            let exact = try XCTUnwrap(DecodedPNG(try PNGEncoder.rgba.encode(canvas)))
            XCTAssertEqual(exact.pixels, canvas.straightAlphaPixels())
            XCTAssertGreaterThanOrEqual(Self.psnr(decoded.pixels, exact.pixels), 50, "\(tint)")
            if png != (try PNGEncoder.toggleStill.encode(canvas)) {
                XCTAssertEqual(png[25], 3, "a palette")
                imageData[try Self.imageData(png), default: 0] += 1
            }
        }
        XCTAssertEqual(imageData.count, 1, "one index image for every tint written by class")
        XCTAssertGreaterThan(imageData.values.first ?? 0, 30, "most tints by class")
    }

    /// The lower of the PSNRs in dB of two straight RGBA images composited on black and on white.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        [0.0, 255].map { background in
            var sum = 0.0
            for i in stride(from: 0, to: a.count, by: 4) {
                let aa = Double(a[i + 3]) / 255, ba = Double(b[i + 3]) / 255
                for c in 0..<3 {
                    let d = (Double(a[i + c]) * aa + background * (1 - aa)) - (Double(b[i + c]) * ba + background * (1 - ba))
                    sum += d * d
                }
            }
            return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(a.count / 4 * 3)))
        }.min()!
    }
}
