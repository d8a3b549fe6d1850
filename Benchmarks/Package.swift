// swift-tools-version:6.0
// The benchmarks, a package of their own so that `swift build` and `swift test` of the service
// compile only the product, its tests and the fuzzers. They use the service's library products
// through a path dependency on the package one directory up.
//
// Build one: `swift build -c release --package-path Benchmarks --product NAME`; the scripts beside
// the sources (`Benchmarks/*/run.sh` and the rest) do that for you, in the scratch path
// `.build-bench` at the top of the repository. `docs/performance.md` lists what each one measures.
//   png-tuning     PNG encoder settings for ten typical toggles (png-size/run.sh writes its files)
//   raster-bench   drawing only, against cairo (raster/run.sh)
//   serving-bench  server, responder and a loopback client in one process (serving/callgrind.sh,
//                  profile/*-callgrind.sh, raster/render-encode.sh with --render)
//   scene-bench    rendering through the scene against the same layers drawn straight
//   row-bench      a /row picture against a plain /toggle; by script (row/scripts.sh)
//   apng-bench     every style's animation (apng/run.sh)
//   style-bench    every style drawn and encoded
import PackageDescription

/// Library products of the service's package.
func service(_ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: "toggle-image-service") }
}

let package = Package(
    name: "toggle-image-service-benchmarks",
    dependencies: [
        .package(name: "toggle-image-service", path: ".."),
    ],
    targets: [
        .executableTarget(name: "png-tuning",
                          dependencies: service("ToggleService", "QueryLanguage", "TogglePicture", "ImageWriters", "Raster", "Geometry"),
                          path: "png-tuning"),
        .executableTarget(name: "row-bench",
                          dependencies: service("ToggleService", "QueryLanguage", "TogglePicture", "Raster", "SceneRaster", "ImageWriters"),
                          path: "row", exclude: ["scripts.sh"]),
        .executableTarget(name: "apng-bench",
                          dependencies: service("ToggleService", "QueryLanguage"),
                          path: "apng", exclude: ["run.sh", "same_frames.py"]),
        .executableTarget(name: "style-bench",
                          dependencies: service("ToggleService", "QueryLanguage", "TogglePicture", "ImageWriters"),
                          path: "styles"),
        .executableTarget(name: "scene-bench",
                          dependencies: service("ToggleService", "QueryLanguage", "TogglePicture", "ImageWriters", "Scene",
                                                "SceneRaster", "Raster", "Geometry", "Utilities"),
                          path: "scene"),
        // SceneRaster for the knob as an Occluder (a Disc): it hides most of its shadow, as in the service.
        .executableTarget(name: "raster-bench",
                          dependencies: service("Geometry", "Raster", "Scene", "SceneRaster"),
                          path: "raster/Sources/raster-bench"),
        .executableTarget(name: "serving-bench",
                          dependencies: service("ToggleService", "QueryLanguage", "Observability", "HTTPServer", "Utilities"),
                          path: "serving/Sources/serving-bench"),
    ]
)
