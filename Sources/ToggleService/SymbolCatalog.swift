import Raster

/// Symbols the knob can show, by SF-Symbol-style name, as filled paths in a 24 x 24 unit box
/// (y down), nonzero fill.
///
/// The outlines are Material Design Icons (Pictogrammers, `@mdi/svg` 7.4.47, Apache-2.0):
/// `check-bold` for `checkmark`, `close-thick` for `xmark`, `minus-thick` for `minus` and
/// `plus-thick` for `plus` (DESIGN.md section 3). These four are polygons, written here as points.
public enum SymbolCatalog {
    /// Every name `path(named:)` knows, sorted.
    public static var names: [String] { table.keys.sorted() }

    /// The outline for `name`, or nil if the name is unknown.
    public static func path(named name: String) -> Path? {
        table[name].map { Path.polygon($0.map { Point($0.0, $0.1) }) }
    }

    private static let table: [String: [(Double, Double)]] = [
        // mdi check-bold: M9,20.42L2.79,14.21L5.62,11.38L9,14.77L18.88,4.88L21.71,7.71L9,20.42Z
        "checkmark": [(9, 20.42), (2.79, 14.21), (5.62, 11.38), (9, 14.77), (18.88, 4.88), (21.71, 7.71)],
        // mdi close-thick
        "xmark": [(20, 6.91), (17.09, 4), (12, 9.09), (6.91, 4), (4, 6.91), (9.09, 12), (4, 17.09),
                  (6.91, 20), (12, 14.91), (17.09, 20), (20, 17.09), (14.91, 12)],
        // mdi minus-thick: M20 14H4V10H20
        "minus": [(20, 14), (4, 14), (4, 10), (20, 10)],
        // mdi plus-thick: M20 14H14V20H10V14H4V10H10V4H14V10H20V14Z
        "plus": [(20, 14), (14, 14), (14, 20), (10, 20), (10, 14), (4, 14), (4, 10), (10, 10),
                 (10, 4), (14, 4), (14, 10), (20, 10)],
    ]
}
