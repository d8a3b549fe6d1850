import Foundation
import ImageWriters
import Scene
import SceneRaster
import TestSupport
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// Our SVG, rasterized by an SVG renderer that is not ours (librsvg's `rsvg-convert`, Debian
/// `librsvg2-bin`, installed by `.ci/run`), matches our PNG of the same query at its intrinsic
/// size: PSNR >= 38 dB over a matrix of states, themes, sizes, scales, disabled and symbols.
final class SVGFidelityTests: XCTestCase {
    static let queries: [String] = {
        var q: [String] = []
        for state in ["on=1", "on=0", "state=mixed"] {
            for theme in ["light", "dark"] {
                q.append("\(state)&theme=\(theme)")
                q.append("\(state)&theme=\(theme)&disabled=1&scale=2")
            }
        }
        return q + [
            "on=1&size=xSmall&scale=1.5&sym=star.fill", "on=0&size=xxxLarge&scale=3&off_sym=moon.fill",
            "on=1&color=indigo&bg=white&pad=6&sym=heart.fill", "on=0&off_color=red&scale=4&bg=black&theme=dark",
            "on=1&sym=location.slash.fill&scale=2&disabled=1&bg=yellow", "state=mixed&color=%23ff000080&scale=2.5",
            "on=1&sym=mdi:weather-night&size=accessibility3", "on=0&off_sym=bell.slash&pad=3&scale=1.25",
        ] + styleQueries
    }()

    /// Every style x state x theme, some at scale 2, disabled or padded.
    static let styleQueries: [String] = {
        var q: [String] = []
        for style in ["switch", "button&label=Bold", "symbol&label=Play", "tutorial"] {
            for state in ["on=1", "on=0", "state=mixed"] {
                for theme in ["light", "dark"] { q.append("style=\(style)&\(state)&theme=\(theme)") }
            }
            q.append("style=\(style)&sources=1,0&scale=2&disabled=1&pad=2&bg=white")
        }
        return q + ["style=button&label=B&on=1&sym=star.fill&scale=3&color=purple", "style=switch&on=1&scale=2.5"]
    }()

    static func rsvgConvert() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/rsvg-convert" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `svg` rasterized at its intrinsic size by rsvg-convert (also used by the row and card tests).
    static func rasterize(_ svg: [UInt8], with tool: String) throws -> DecodedPNG {
        let dir = FileManager.default.temporaryDirectory
        let input = dir.appendingPathComponent("fidelity-\(UUID().uuidString).svg")
        let output = input.deletingPathExtension().appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: output) }
        try Data(svg).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [input.path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "rsvg-convert failed")
        return try XCTUnwrap(DecodedPNG([UInt8](try Data(contentsOf: output))), "rsvg-convert wrote no PNG")
    }

    /// PSNR in dB of two straight-alpha images composited over `background` (an opaque grey
    /// level), over the RGB channels.
    static func psnr(_ a: DecodedPNG, _ b: DecodedPNG, over background: Double) -> Double {
        var sum = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let aa = Double(a.pixels[i + 3]) / 255, ba = Double(b.pixels[i + 3]) / 255
            for c in 0..<3 {
                let x = Double(a.pixels[i + c]) * aa + background * (1 - aa)
                let y = Double(b.pixels[i + c]) * ba + background * (1 - ba)
                sum += (x - y) * (x - y)
            }
        }
        let mse = sum / Double(a.pixels.count / 4 * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    func testSVGRasterizedByLibrsvgMatchesOurPNG() throws {
        guard let tool = Self.rsvgConvert() else {
            throw XCTSkip("rsvg-convert not found: install Debian's librsvg2-bin (.ci/run does) to compare SVG with PNG")
        }
        var worst = (Double.infinity, "")
        for query in Self.queries {
            let parsed = try ToggleQuery(rawQuery: query)
            let png = try XCTUnwrap(DecodedPNG(try ToggleRequest(query: parsed, format: .png).bytes()))
            let svg = try Self.rasterize(try ToggleRequest(query: parsed, format: .svg).bytes(), with: tool)
            XCTAssertEqual(svg.width, png.width, query)
            XCTAssertEqual(svg.height, png.height, query)
            guard svg.width == png.width, svg.height == png.height else { continue }
            for background in [255.0, 0.0] {
                let db = Self.psnr(png, svg, over: background)
                XCTAssertGreaterThanOrEqual(db, 38, "\(query) over \(background)")
                if db < worst.0 { worst = (db, query) }
            }
        }
        print("SVG fidelity: worst PSNR \(worst.0) dB (\(worst.1)) over \(Self.queries.count) toggles")
    }

    func testLayersMatchToo() throws {
        guard let tool = Self.rsvgConvert() else {
            throw XCTSkip("rsvg-convert not found: install Debian's librsvg2-bin (.ci/run does) to compare SVG with PNG")
        }
        // Two toggles side by side as layers of a larger scene on a background, one at 0.5.
        var on = ToggleSpec(), off = ToggleSpec()
        on.state = .on; on.scale = 2; off.scale = 2
        let a = try ToggleScene.scene(for: on), b = try ToggleScene.scene(for: off)
        let scene = Scene(width: 260, height: 80, title: "Two switches", operations: [
            .paint(RGBAColor(red: 242, green: 242, blue: 247)),
            .layer(SceneLayer(a, x: 10, y: 8)),
            .layer(SceneLayer(b, x: 135, y: 9, opacity: 0.5)),
        ])
        let png = try XCTUnwrap(DecodedPNG(try PNGEncoder.rgba.encode(SceneRasterizer.render(scene, shadows: nil))))
        let svg = try Self.rasterize(SVGWriter.svg(scene), with: tool)
        XCTAssertEqual([svg.width, svg.height], [png.width, png.height])
        XCTAssertGreaterThanOrEqual(Self.psnr(png, svg, over: 255), 38)
    }

    func testPSNRCanFail() throws {
        // Black against white is far below the bar: the measure can say no.
        func solid(_ rgba: [UInt8]) throws -> DecodedPNG {
            let bytes = try PNGEncoder().encode(straightRGBA: Array([[UInt8]](repeating: rgba, count: 16).joined()),
                                                width: 4, height: 4)
            return try XCTUnwrap(DecodedPNG(bytes))
        }
        let a = try solid([0, 0, 0, 255]), b = try solid([255, 255, 255, 255])
        XCTAssertLessThan(Self.psnr(a, b, over: 255), 1)
        XCTAssertEqual(Self.psnr(a, a, over: 255), .infinity)
    }
}
