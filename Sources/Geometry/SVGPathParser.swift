/// A malformed SVG path-data string: where (a byte offset into its UTF-8 encoding) and why.
public struct SVGPathError: Error, Equatable, Sendable {
    /// Byte offset of the first byte that could not be parsed (the string's length if the data
    /// ended too early).
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// Parser for SVG 1.1 path data (the `d` attribute), grammar of SVG 1.1 section 8.3.9.
///
/// Every command is supported, absolute (upper case) and relative (lower case): moveto `M`,
/// closepath `Z`, lineto `L H V`, cubic `C S`, quadratic `Q T`, elliptical arc `A` (converted to
/// cubics, see `SVGArc`). Argument groups may repeat without repeating the letter; extra pairs
/// after a moveto are linetos. Numbers follow the grammar exactly (`1e-3`, `.5.5` is two numbers,
/// `-1-2` too); arc flags are single `0` / `1` characters and need no separator (`a1 1 0 00 1 1`).
///
/// Unlike a browser, which renders up to the first error, malformed data is rejected as a whole:
/// `SVGPathError` gives the byte offset. Numbers that overflow a Double are errors too.
public enum SVGPathParser {
    /// The path described by `data`; an empty (or all whitespace) string is an empty path.
    public static func parse(_ data: String) throws(SVGPathError) -> Path {
        let bytes = Array(data.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(SVGPathError) -> Path in
            var parser = Parser(input: buffer)
            return try parser.run()
        }
    }
}

private struct Parser {
    let input: UnsafeBufferPointer<UInt8>
    var position = 0
    var path = Path()
    /// The current point, and the start of the current subpath.
    var current = Point(0, 0)
    var subpathStart = Point(0, 0)
    /// After `Z`, the next drawing command begins a new subpath at `subpathStart`.
    var needsMove = false
    /// The second control point of the previous command if it was C/S (for S) or the control
    /// point if it was Q/T (for T); nil otherwise.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    mutating func run() throws(SVGPathError) -> Path {
        skipWhitespace()
        guard position < input.count else { return path }
        let first = input[position]
        guard first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw SVGPathError(offset: position, message: "path data must begin with a moveto (M or m)")
        }
        while position < input.count {
            let letter = input[position]
            position += 1
            try command(letter)
            skipWhitespace()
        }
        return path
    }

    // MARK: Commands

    mutating func command(_ letter: UInt8) throws(SVGPathError) {
        let relative = letter >= UInt8(ascii: "a")
        let upper = relative ? letter - 32 : letter
        switch upper {
        case UInt8(ascii: "Z"):
            path.close()
            current = subpathStart
            needsMove = true
            lastCubicControl = nil
            lastQuadControl = nil
            return
        case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "H"), UInt8(ascii: "V"),
             UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "Q"), UInt8(ascii: "T"), UInt8(ascii: "A"):
            break
        default:
            position -= 1
            throw unexpected("expected a path command")
        }
        skipWhitespace()
        var isFirstGroup = true
        repeat {
            if !isFirstGroup { skipCommaWhitespace() }
            try argumentGroup(upper, relative: relative, isFirst: isFirstGroup)
            isFirstGroup = false
            // Another group follows only if a number starts after optional comma-whitespace.
            let save = position
            skipCommaWhitespace()
            let more = position < input.count && Self.startsNumber(input[position])
            let sawComma = hasComma(from: save, to: position)
            position = save
            if !more {
                if sawComma {
                    skipCommaWhitespace()
                    throw unexpected("expected a number after ','")
                }
                return
            }
        } while true
    }

    mutating func argumentGroup(_ upper: UInt8, relative: Bool, isFirst: Bool) throws(SVGPathError) {
        let base = relative ? current : Point(0, 0)
        if upper != UInt8(ascii: "M") { beginSubpathIfNeeded() }
        switch upper {
        case UInt8(ascii: "M"):
            try moveGroup(base: base, isFirst: isFirst)
        case UInt8(ascii: "L"):
            lineTo(try pair() + base)
        case UInt8(ascii: "H"):
            lineTo(Point(try number() + base.x, current.y))
        case UInt8(ascii: "V"):
            lineTo(Point(current.x, try number() + base.y))
        case UInt8(ascii: "C"):
            let c1 = try pair() + base
            try separator()
            let c2 = try pair() + base
            try separator()
            let p = try pair() + base
            cubicTo(c1, c2, p)
        case UInt8(ascii: "S"):
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try pair() + base
            try separator()
            let p = try pair() + base
            cubicTo(c1, c2, p)
        case UInt8(ascii: "Q"):
            let c = try pair() + base
            try separator()
            let p = try pair() + base
            quadTo(c, p)
        case UInt8(ascii: "T"):
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            quadTo(c, try pair() + base)
        default: // "A"
            try arcGroup(base: base)
        }
    }

    /// `M x y`: the first pair starts a subpath; later pairs of the same command are implicit
    /// line-tos (SVG 1.1 section 8.3.2).
    mutating func moveGroup(base: Point, isFirst: Bool) throws(SVGPathError) {
        let p = try pair() + base
        if isFirst {
            path.move(to: p)
            subpathStart = p
            needsMove = false
        } else {
            path.line(to: p)
        }
        current = p
        lastCubicControl = nil
        lastQuadControl = nil
    }

    /// `A rx ry x-axis-rotation large-arc-flag sweep-flag x y` (SVG 1.1 section 8.3.8; the
    /// flags may be written without separators, as in `a1 1 0 00.5.5`).
    mutating func arcGroup(base: Point) throws(SVGPathError) {
        let rx = try number()
        try separator()
        let ry = try number()
        try separator()
        let rotation = try number()
        try separator()
        let largeArc = try flag()
        skipCommaWhitespace()
        let sweep = try flag()
        skipCommaWhitespace()
        let p = try pair() + base
        path.addSVGArc(from: current, to: p, radiusX: rx, radiusY: ry, xAxisRotation: rotation,
                       largeArc: largeArc, sweep: sweep)
        current = p
        lastCubicControl = nil
        lastQuadControl = nil
    }

    mutating func beginSubpathIfNeeded() {
        if needsMove {
            path.move(to: subpathStart)
            needsMove = false
        }
    }

    mutating func lineTo(_ p: Point) {
        path.line(to: p)
        current = p
        lastCubicControl = nil
        lastQuadControl = nil
    }

    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
        lastCubicControl = c2
        lastQuadControl = nil
    }

    mutating func quadTo(_ c: Point, _ p: Point) {
        path.quad(to: p, control: c)
        current = p
        lastCubicControl = nil
        lastQuadControl = c
    }

    // MARK: Tokens

    /// `coordinate comma-wsp? coordinate`
    mutating func pair() throws(SVGPathError) -> Point {
        let x = try number()
        try separator()
        let y = try number()
        return Point(x, y)
    }

    /// Optional comma-whitespace between two arguments; a comma must be followed by an argument,
    /// which the caller then parses (and reports if missing).
    mutating func separator() throws(SVGPathError) {
        skipCommaWhitespace()
    }

    /// An arc flag: exactly one `0` or `1`.
    mutating func flag() throws(SVGPathError) -> Bool {
        guard position < input.count else { throw unexpected("expected an arc flag (0 or 1)") }
        switch input[position] {
        case UInt8(ascii: "0"): position += 1; return false
        case UInt8(ascii: "1"): position += 1; return true
        default: throw unexpected("expected an arc flag (0 or 1)")
        }
    }

    /// `sign? (digits? '.' digits | digits '.'?) ([eE] sign? digits)?`, as a finite Double.
    mutating func number() throws(SVGPathError) -> Double {
        let start = position
        var i = position
        let n = input.count
        if i < n, input[i] == UInt8(ascii: "+") || input[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < n, Self.isDigit(input[i]) { i += 1; digits += 1 }
        if i < n, input[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, Self.isDigit(input[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            position = start
            throw unexpected("expected a number")
        }
        // An exponent only if digits follow the `e` (and its sign); otherwise the `e` is left
        // for the caller, which will reject it.
        if i < n, input[i] == UInt8(ascii: "e") || input[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < n, input[j] == UInt8(ascii: "+") || input[j] == UInt8(ascii: "-") { j += 1 }
            if j < n, Self.isDigit(input[j]) {
                while j < n, Self.isDigit(input[j]) { j += 1 }
                i = j
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw SVGPathError(offset: start, message: "number out of range")
        }
        position = i
        return value
    }

    mutating func skipWhitespace() {
        while position < input.count, Self.isWhitespace(input[position]) { position += 1 }
    }

    /// `wsp* ','? wsp*`
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
        }
    }

    func hasComma(from a: Int, to b: Int) -> Bool {
        var i = a
        while i < b {
            if input[i] == UInt8(ascii: ",") { return true }
            i += 1
        }
        return false
    }

    func unexpected(_ message: String) -> SVGPathError {
        guard position < input.count else {
            return SVGPathError(offset: position, message: message + ", found end of data")
        }
        let byte = input[position]
        let shown = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        return SVGPathError(offset: position, message: message + ", found \(shown)")
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    @inline(__always) static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }
}
