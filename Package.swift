// swift-tools-version:6.0
// The toggle image service: renders the SwiftUI "Icon Switch Toggle Style" as PNG over HTTP/1.1.
//
// Targets, bottom up, one job each (docs/architecture.md, "Layout", says the same):
//   Geometry       points, affine transforms, paths, arcs, capsule, SVG path parser, flattening,
//                  libm shims; no pixels
//   Scene          a picture as ordered drawing operations in px (fill a path, a path's blurred
//                  shadow, paint the canvas, a nested scene as a layer) with their colours (RGBAColor); on Geometry
//   Raster         exact-coverage accumulator and its sinks (canvas fill, mask, blur input),
//                  rasterizer, coverage masks, premultiplied RGBA canvas, Gaussian blur; on Geometry
//                  (and Scene for RGBAColor)
//   SceneRaster    the raster backend: Scene -> Canvas, with the blurred-shadow cache and the
//                  `hiddenUnder` disc as an Occluder
//   Utilities      Locked, MonotonicClock, BoundedCache (locked memo table with a budget), Caches, hex
//                  digits; no HTTP
//   TogglePicture  the toggle picture: spec, layout -> Scene, palette, colours, Dynamic Type,
//                  symbols and their MDI resources; rows and cards with text; no HTTP, no pixels
//   QueryLanguage  query decoding, the parameter table, /toggle, /row and /card queries, 400s with
//                  suggestions, image formats; no HTTP
//   Observability  access log and Prometheus metrics (on HTTPServer's exchange hook)
//   CLibPNG        system library: Debian's libpng (pkg-config `libpng`), links zlib
//   CPNGEncoder    small C target that owns libpng's setjmp and returns error codes
//   CHarfBuzz      system library: Debian's HarfBuzz 6 (pkg-config `harfbuzz`)
//   CLibICU        system library: Debian's ICU (pkg-config `icu-uc`), for CICU only
//   CICU           small C target over ICU: bidi (ubidi), line and grapheme breaks (ubrk)
//   CFontconfig    system library: Debian's fontconfig (pkg-config `fontconfig`), the system's fonts
//   TextLayout     bundled Inter and the system's fonts found by fontconfig, shaping, font runs, bidi (UAX #9), line breaking (UAX #14),
//                  glyph outlines as paths; on Geometry
//   CZlib          system library: zlib (pkg-config `zlib`), gzip for text responses
//   ImageWriters   image files from pictures: PNG through CPNGEncoder (canvas -> PNG bytes), SVG
//                  (scene -> SVG text, one theme or light and dark in one file)
//   CMemoryFile    small C target: sealed memory files (memfd) for bodies sent with sendfile
//   HTTPServer     HTTP/1.1 on POSIX sockets and epoll (parser, connections, listener, shutdown)
//   ToggleService  the product: routes, the renderer (scene + raster backend), image cache, static files
//   toggle-server  the executable: `serve` (default), `render` and `probe`
//   TestSupport    test helpers: independent PNG decoder, loopback client, the binary as a child
//                  process, a Prometheus text reader
//   (benchmarks: a package of their own, Benchmarks/Package.swift, on this one's library products)
//   fuzz-request-parser, fuzz-query-decoder        libFuzzer targets (`scripts/fuzz NAME SECONDS`)
//   GeometryTests, RasterTests, SceneTests, UtilitiesTests, TextLayoutTests, TogglePictureTests,
//   ImageWritersTests, HTTPServerTests,
//   ToggleServiceTests                             each library's tests
//   EndToEndTests                                  the real binary as a child process
import PackageDescription

let package = Package(
    name: "toggle-image-service",
    products: [
        .executable(name: "toggle-server", targets: ["toggle-server"]),
        // libFuzzer targets: run with `scripts/fuzz NAME SECONDS` (see Fuzz/README.md).
        .executable(name: "fuzz-request-parser", targets: ["fuzz-request-parser"]),
        .executable(name: "fuzz-query-decoder", targets: ["fuzz-query-decoder"]),
        // Libraries for Benchmarks/Package.swift, a package of its own that depends on this one.
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "SceneRaster", targets: ["SceneRaster"]),
        .library(name: "Utilities", targets: ["Utilities"]),
        .library(name: "TogglePicture", targets: ["TogglePicture"]),
        .library(name: "ImageWriters", targets: ["ImageWriters"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "QueryLanguage", targets: ["QueryLanguage"]),
        .library(name: "Observability", targets: ["Observability"]),
        .library(name: "ToggleService", targets: ["ToggleService"]),
    ],
    targets: [
        .target(name: "Geometry"),
        .target(name: "Scene", dependencies: ["Geometry", "Utilities"]),
        .target(name: "Raster", dependencies: ["Geometry", "Scene"]),
        .target(name: "SceneRaster", dependencies: ["Scene", "Raster", "Geometry", "Utilities"]),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev"])]
        ),
        // DWARF 4: valgrind 3.19 (Debian 12), which Benchmarks/ use, gives up on a binary with two
        // C compile units in clang's default DWARF 5 ("Possibly corrupted debuginfo file").
        .target(name: "CPNGEncoder", dependencies: ["CLibPNG"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // ICU (Debian libicu-dev) behind a header of stdint types only: ICU's names are versioned
        // macros and its headers clash with Foundation's own ICU in Swift (docs/design-facts.md section 12).
        .systemLibrary(name: "CLibICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .target(name: "CICU", dependencies: ["CLibICU"], cSettings: [.unsafeFlags(["-gdwarf-4"])],
                linkerSettings: [.linkedLibrary("icuuc")]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(
            name: "TextLayout",
            dependencies: ["CHarfBuzz", "CICU", "CFontconfig", "CZlib", "CLibPNG", "Geometry", "Scene", "Utilities"],
            resources: [.copy("Resources/Fonts")]
        ),
        .target(name: "ImageWriters", dependencies: ["CPNGEncoder", "Raster", "Scene", "SceneRaster", "Geometry", "Utilities"]),
        .target(name: "Utilities"),
        .target(name: "CMemoryFile", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "HTTPServer", dependencies: ["Utilities", "CMemoryFile"]),
        // gzip for text responses (`Content-Encoding: gzip`).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "TogglePicture",
            dependencies: ["Geometry", "Scene", "Utilities", "TextLayout"],
            resources: [.copy("Resources/MDI")]
        ),
        .target(name: "QueryLanguage", dependencies: ["TogglePicture", "ImageWriters", "Scene", "Geometry", "TextLayout", "Utilities"]),
        .target(name: "Observability", dependencies: ["HTTPServer", "Utilities"]),
        .target(
            name: "ToggleService",
            dependencies: ["QueryLanguage", "Observability", "TogglePicture", "Scene", "ImageWriters", "Raster",
                           "SceneRaster", "Utilities", "HTTPServer", "TextLayout", "CZlib"]
        ),
        .executableTarget(name: "toggle-server", dependencies: ["ToggleService", "QueryLanguage", "Observability",
                                                                "TogglePicture", "HTTPServer", "Utilities", "TextLayout"]),
        // Fuzz targets. Their libFuzzer entry point is compiled only with `-DFUZZING` (scripts/fuzz);
        // otherwise they are stubs with a `main`, so plain `swift build` and `swift test` still link.
        .executableTarget(name: "fuzz-request-parser", dependencies: ["HTTPServer"], path: "Fuzz/RequestParser"),
        .executableTarget(name: "fuzz-query-decoder", dependencies: ["ToggleService"], path: "Fuzz/QueryDecoder"),

        // Test helpers: an independent PNG decoder (libpng's simplified API), a loopback client,
        // and the real binary started as a child process.
        .target(name: "TestSupport", dependencies: ["CLibPNG"]),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry", "Scene"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "SceneRaster", "Raster", "Geometry"]),
        .testTarget(name: "UtilitiesTests", dependencies: ["Utilities"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "Geometry", "Raster", "Scene", "SceneRaster"],
                    exclude: ["Reference"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "TogglePictureTests",
                    dependencies: ["TogglePicture", "Geometry", "Scene", "SceneRaster", "Raster", "Utilities", "TestSupport"]),
        .testTarget(name: "ImageWritersTests",
                    dependencies: ["ImageWriters", "QueryLanguage", "TogglePicture", "Raster", "Scene", "SceneRaster",
                                   "Geometry", "TestSupport"]),
        .testTarget(name: "ToggleServiceTests",
                    dependencies: ["ToggleService", "QueryLanguage", "Observability", "TogglePicture", "HTTPServer", "ImageWriters", "Raster", "Utilities",
                                   "Scene", "SceneRaster", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["toggle-server", "TestSupport"]),
    ]
)
