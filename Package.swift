// swift-tools-version:6.0
// The toggle image service: renders the SwiftUI "Icon Switch Toggle Style" as PNG over HTTP/1.1.
//
// Layers, bottom up (each a target of its own):
//   Raster         paths, flattening, exact-coverage rasterizer, premultiplied RGBA canvas, blur
//   CLibPNG        system library: Debian's libpng (pkg-config `libpng`), links zlib
//   CPNGEncoder    small C target that owns libpng's setjmp and returns error codes
//   PNGEncoder     Swift face of the encoder: canvas -> PNG bytes
//   HTTPServer     HTTP/1.1 on POSIX sockets and Dispatch (parser, connections, listener)
//   ToggleService  the product: parameters, colours, the toggle picture, routes
//   toggle-server  the executable: `serve` (default) and `render`
import PackageDescription

let package = Package(
    name: "toggle-image-service",
    products: [
        .executable(name: "toggle-server", targets: ["toggle-server"]),
        // libFuzzer targets: run with `scripts/fuzz NAME SECONDS` (see Fuzz/README.md).
        .executable(name: "fuzz-request-parser", targets: ["fuzz-request-parser"]),
        .executable(name: "fuzz-query-decoder", targets: ["fuzz-query-decoder"]),
    ],
    targets: [
        .target(name: "Raster"),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev"])]
        ),
        .target(name: "CPNGEncoder", dependencies: ["CLibPNG"]),
        .target(name: "PNGEncoder", dependencies: ["CPNGEncoder", "Raster"]),
        .target(name: "HTTPServer"),
        .target(
            name: "ToggleService",
            dependencies: ["Raster", "PNGEncoder", "HTTPServer"],
            resources: [.copy("Resources/MDI")]
        ),
        .executableTarget(name: "toggle-server", dependencies: ["ToggleService", "HTTPServer"]),
        // Benchmarks (not tests): `swift run -c release NAME`.
        .executableTarget(name: "png-tuning", dependencies: ["ToggleService", "PNGEncoder", "Raster"],
                          path: "Benchmarks/png-tuning"),
        .executableTarget(name: "apng-bench", dependencies: ["ToggleService"], path: "Benchmarks/apng",
                          exclude: ["run.sh"]),
        .executableTarget(name: "raster-bench", dependencies: ["Raster"],
                          path: "Benchmarks/raster/Sources/raster-bench"),
        // Fuzz targets. Their libFuzzer entry point is compiled only with `-DFUZZING` (scripts/fuzz);
        // otherwise they are stubs with a `main`, so plain `swift build` and `swift test` still link.
        .executableTarget(name: "fuzz-request-parser", dependencies: ["HTTPServer"], path: "Fuzz/RequestParser"),
        .executableTarget(name: "fuzz-query-decoder", dependencies: ["ToggleService"], path: "Fuzz/QueryDecoder"),
        .executableTarget(name: "serving-bench", dependencies: ["ToggleService", "HTTPServer"],
                          path: "Benchmarks/serving/Sources/serving-bench"),

        // Test helpers: an independent PNG decoder (libpng's simplified API), a loopback client,
        // and the real binary started as a child process.
        .target(name: "TestSupport", dependencies: ["CLibPNG"]),

        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "ToggleServiceTests",
                    dependencies: ["ToggleService", "HTTPServer", "PNGEncoder", "Raster", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["toggle-server", "TestSupport"]),
    ]
)
