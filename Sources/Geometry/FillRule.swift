/// How overlapping subpaths combine (SVG `fill-rule`, PostScript `fill` / `eofill`).
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
