import Testing
@testable import Geometry

// MARK: Helpers

private func parse(_ d: String) throws -> [Path.Element] {
    try SVGPathParser.parse(d).elements
}

private func parseError(_ d: String) -> SVGPathError? {
    do {
        _ = try SVGPathParser.parse(d)
        return nil
    } catch {
        return error
    }
}

private func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps
}

/// Points along every curve and line of `path` (curves sampled at `steps` parameter values),
/// one polyline per subpath, each closed back to its start.
private func polylines(_ path: Path, steps: Int = 64) -> [[Point]] {
    var result: [[Point]] = []
    var current: [Point] = []
    var last = Point(0, 0)
    for e in path.elements {
        switch e {
        case .move(let p):
            if !current.isEmpty { result.append(current) }
            current = [p]
            last = p
        case .line(let p):
            current.append(p)
            last = p
        case .quad(let c, let p):
            let p0 = last
            for i in 1...steps {
                let t = Double(i) / Double(steps), u = 1 - t
                current.append(p0 * (u * u) + c * (2 * u * t) + p * (t * t))
            }
            last = p
        case .cubic(let c1, let c2, let p):
            let p0 = last
            for i in 1...steps {
                let t = Double(i) / Double(steps), u = 1 - t
                current.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
            }
            last = p
        case .close:
            if let first = current.first { last = first }
        }
    }
    if !current.isEmpty { result.append(current) }
    return result
}

/// Shoelace signed area of a closed polyline (positive when it turns clockwise on screen, y down).
private func signedArea(_ points: [Point]) -> Double {
    var s = 0.0
    for i in points.indices {
        let a = points[i], b = points[(i + 1) % points.count]
        s += a.x * b.y - b.x * a.y
    }
    return s / 2
}

private func distance(_ a: Point, _ b: Point) -> Double { (a - b).length }

// MARK: Commands

@Suite struct SVGPathParserCommandTests {
    @Test func absoluteCommands() throws {
        let e = try parse("M10 20 L30 40 H50 V60 C1 2 3 4 5 6 Q7 8 9 10 Z")
        #expect(e == [.move(Point(10, 20)), .line(Point(30, 40)), .line(Point(50, 40)), .line(Point(50, 60)),
                      .cubic(Point(1, 2), Point(3, 4), Point(5, 6)), .quad(Point(7, 8), Point(9, 10)), .close])
    }

    @Test func relativeCommands() throws {
        let e = try parse("m10 20 l5 5 h5 v5 c1 1 2 2 3 3 q1 0 2 2 z")
        #expect(e == [.move(Point(10, 20)), .line(Point(15, 25)), .line(Point(20, 25)), .line(Point(20, 30)),
                      .cubic(Point(21, 31), Point(22, 32), Point(23, 33)), .quad(Point(24, 33), Point(25, 35)), .close])
    }

    @Test func implicitRepeatsAndMovetoLinetos() throws {
        #expect(try parse("M1 2 3 4 5 6") == [.move(Point(1, 2)), .line(Point(3, 4)), .line(Point(5, 6))])
        #expect(try parse("m1 2 3 4") == [.move(Point(1, 2)), .line(Point(4, 6))])
        #expect(try parse("M0 0 h1 2 v3,4") == [.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(3, 0)),
                                               .line(Point(3, 3)), .line(Point(3, 7))])
        #expect(try parse("M0,0L1,1,2,2 3 3") == [.move(Point(0, 0)), .line(Point(1, 1)), .line(Point(2, 2)),
                                                 .line(Point(3, 3))])
    }

    @Test func numberForms() throws {
        #expect(try parse("M.5.5L-1-2") == [.move(Point(0.5, 0.5)), .line(Point(-1, -2))])
        #expect(try parse("M1e-3,2E+2 L1.5e1 +3.") == [.move(Point(0.001, 200)), .line(Point(15, 3))])
        #expect(try parse("M-.5-.5") == [.move(Point(-0.5, -0.5))])
        #expect(try parse("\t\r\n M 1 , 2 \n") == [.move(Point(1, 2))])
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse("  \n").isEmpty)
    }

    @Test func smoothCurvesReflectThePreviousControlPoint() throws {
        let c = try parse("M0 0 C1 1 2 1 3 0 S5 -1 6 0 s1 1 2 0")
        #expect(c[2] == .cubic(Point(4, -1), Point(5, -1), Point(6, 0)))
        #expect(c[3] == .cubic(Point(7, 1), Point(7, 1), Point(8, 0)))
        // After a non-cubic, S's first control point is the current point.
        #expect(try parse("M0 0 L2 2 S3 3 4 2")[2] == .cubic(Point(2, 2), Point(3, 3), Point(4, 2)))
        let q = try parse("M0 0 Q1 1 2 0 T4 0 t2 0")
        #expect(q[2] == .quad(Point(3, -1), Point(4, 0)))
        #expect(q[3] == .quad(Point(5, 1), Point(6, 0)))
        #expect(try parse("M0 0 T2 2")[1] == .quad(Point(0, 0), Point(2, 2)))
        // A cubic does not feed T, nor a quadratic S.
        #expect(try parse("M0 0 C1 1 2 1 3 0 T5 0")[2] == .quad(Point(3, 0), Point(5, 0)))
        #expect(try parse("M0 0 Q1 1 2 0 S3 1 4 0")[2] == .cubic(Point(2, 0), Point(3, 1), Point(4, 0)))
    }

    @Test func closepathReturnsToTheSubpathStart() throws {
        #expect(try parse("M1 1 L2 2 Z L3 3") == [.move(Point(1, 1)), .line(Point(2, 2)), .close,
                                                  .move(Point(1, 1)), .line(Point(3, 3))])
        #expect(try parse("M1 1 l1 0 z m2 2 l1 0z") == [.move(Point(1, 1)), .line(Point(2, 1)), .close,
                                                        .move(Point(3, 3)), .line(Point(4, 3)), .close])
        #expect(try parse("M0 0 L1 0 1 1 ZM5 5 1 1z") == [.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(1, 1)),
                                                          .close, .move(Point(5, 5)), .line(Point(1, 1)), .close])
    }

    @Test func arcFlagsNeedNoSeparators() throws {
        let a = try parse("M0 0a1 1 0 00 1 1")
        guard case .cubic(_, _, let end)? = a.last else { Issue.record("no arc"); return }
        #expect(end == Point(1, 1))
        let b = try parse("M0 0a6 6 0 1110 0")   // flags 1 1, then x = 10, y = 0
        guard case .cubic(_, _, let end2)? = b.last else { Issue.record("no arc"); return }
        #expect(end2 == Point(10, 0))
        let c = try parse("M0 0 A5,5,0,1,1,10,0 a5 5 0 1 1 -10 0")
        #expect(c.count > 3)
    }
}

// MARK: Errors

@Suite struct SVGPathParserErrorTests {
    @Test(arguments: [
        ("L1 2", 0),            // must start with a moveto
        ("  x", 2),
        ("M", 1),               // data ends inside a command
        ("M1 2 L", 6),
        ("M1,2 L3,x", 8),
        ("M1 2,", 5),           // comma with nothing after it
        ("M1 2, L3 4", 6),
        ("M1,,2", 3),
        ("M 1e999 0", 2),       // overflows a Double
        ("M1 2 A1 1 0 2 0 3 3", 12),
        ("M1 2 A1 1 0 0", 13),
        ("M1 2 #", 5),
        ("M1 2 L3 4 5", 11),    // odd number of coordinates
        ("M1 2 Z 3", 7),
        ("M1 2 é", 5),
        ("M1e 2", 2),           // an `e` with no exponent digits
        ("M1 2 C1 2 3 4 5", 15),
        ("M- 1 2", 1),
        ("M1 2 L3 4 E", 10),
    ])
    func malformedDataReportsTheOffset(data: String, offset: Int) {
        let error = parseError(data)
        #expect(error?.offset == offset, "\(data): \(String(describing: error))")
        #expect(error?.message.isEmpty == false)
    }

    /// Random strings over the path alphabet: every one either parses or fails with an offset
    /// inside the data; none crashes.
    @Test func randomDataNeverCrashes() {
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE ,\t x".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        var parsed = 0
        for _ in 0..<3000 {
            let count = Int(next() % 40)
            var bytes: [UInt8] = [UInt8(ascii: "M")]
            for _ in 0..<count { bytes.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let path = try SVGPathParser.parse(text)
                parsed += path.isEmpty ? 0 : 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
            }
        }
        #expect(parsed > 0)
    }
}

// MARK: Arcs

@Suite struct SVGArcTests {
    /// SVG 1.1 section 8.3.8, example arcs01: the red pie, a 3/4 circle of radius 150 about (300,200).
    @Test func svgExampleLargeArcPie() throws {
        let path = try SVGPathParser.parse("M300,200 h-150 a150,150 0 1,0 150,-150 z")
        let lines = polylines(path, steps: 256)
        #expect(lines.count == 1)
        let area = signedArea(lines[0])
        // Sweep flag 0 turns counter-clockwise on screen: negative shoelace area.
        #expect(abs(area + 0.75 * Double.pi * 150 * 150) < 0.5)
        for p in lines[0].dropFirst(2) {   // everything after the move and the h: on the circle
            #expect(abs(distance(p, Point(300, 200)) - 150) < 1e-3)
        }
        // It passes through the bottom-right, not the top-left, quarter.
        let mid = Point(300 + 150 / 2.0.squareRoot(), 200 + 150 / 2.0.squareRoot())
        #expect(lines[0].contains { distance($0, mid) < 5 })
    }

    /// arcs01's yellow quarter: small arc, sweep 0, from (275,25) to (125,175) about (275,175).
    @Test func svgExampleSmallArcQuarter() throws {
        let path = try SVGPathParser.parse("M275,175 v-150 a150,150 0 0,0 -150,150 z")
        let line = polylines(path, steps: 256)[0]
        #expect(abs(signedArea(line) + 0.25 * Double.pi * 150 * 150) < 0.5)
        let mid = Point(275 - 150 / 2.0.squareRoot(), 175 - 150 / 2.0.squareRoot())
        #expect(line.contains { distance($0, mid) < 5 })
    }

    /// arcs01's rotated ellipses: every arc lies on its ellipse, starts and ends where asked.
    /// Rotated by -30 degrees, the chord (50,-25) is 27.9 half-units along the ellipse's x axis,
    /// more than rx = 25, so every radius pair is scaled up (keeping its ratio) to a half ellipse.
    @Test func svgExampleRotatedEllipses() throws {
        let radiiY = [25.0, 50, 75, 100]
        var current = Point(650, 325)
        for ry in radiiY {
            let end = current + Point(50, -25)
            guard case .arc(let arc) = SVGArc.shape(from: current, to: end, radiusX: 25, radiusY: ry,
                                                    rotationDegrees: -30, largeArc: false, sweep: true) else {
                Issue.record("no arc"); return
            }
            #expect(arc.sweepAngle > 0 && arc.sweepAngle <= Double.pi + 1e-9)
            for p in [current, end] { #expect(abs(ellipseValue(arc, p) - 1) < 1e-9) }
            #expect(arc.radiusX > 25)
            #expect(abs(arc.radiusY / arc.radiusX - ry / 25) < 1e-12)
            #expect(abs(arc.sweepAngle - Double.pi) < 1e-6)
            #expect(close(arc.center, Point(current.x + 25, current.y - 12.5), 1e-9))
            if ry == 25 {
                #expect(abs(arc.radiusX - (50.0 * 50 + 25 * 25).squareRoot() / 2) < 1e-9)
            }
            var path = Path()
            path.move(to: current)
            path.addSVGArc(from: current, to: end, radiusX: 25, radiusY: ry, xAxisRotation: -30,
                           largeArc: false, sweep: true)
            for p in polylines(path)[0] { #expect(abs(ellipseValue(arc, p) - 1) < 1e-4) }
            current = end + Point(50, -25)
        }
    }

    /// The four arcs between two points with the same radii (SVG 1.1 figure in 8.3.8): two
    /// centres, large-arc picks the longer way round, sweep picks the direction.
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func largeArcAndSweepFlags(large: Bool, sweep: Bool) throws {
        let p1 = Point(10, 20), p2 = Point(90, 50), rx = 60.0, ry = 40.0, rotation = 20.0
        guard case .arc(let arc) = SVGArc.shape(from: p1, to: p2, radiusX: rx, radiusY: ry,
                                                rotationDegrees: rotation, largeArc: large, sweep: sweep) else {
            Issue.record("no arc"); return
        }
        #expect((arc.sweepAngle > 0) == sweep)
        #expect((abs(arc.sweepAngle) > Double.pi) == large)
        #expect(arc.radiusX == rx && arc.radiusY == ry)
        // The other centre belongs to the flag pairs with the opposite (large == sweep).
        guard case .arc(let other) = SVGArc.shape(from: p1, to: p2, radiusX: rx, radiusY: ry,
                                                  rotationDegrees: rotation, largeArc: !large, sweep: !sweep) else {
            Issue.record("no arc"); return
        }
        #expect(close(arc.center, other.center, 1e-9))
        #expect(abs(abs(arc.sweepAngle) + abs(other.sweepAngle) - 2 * Double.pi) < 1e-9)
        // Independently of the centre parameterization: the region between the arc and its chord,
        // measured on the emitted curves, is bigger than half the ellipse exactly for large arcs
        // and is traced clockwise on screen exactly for sweep 1.
        let d = "M10,20 A60,40 20 \(large ? 1 : 0),\(sweep ? 1 : 0) 90,50 Z"
        let line = polylines(try SVGPathParser.parse(d), steps: 256)[0]
        let area = signedArea(line)
        #expect((area > 0) == sweep)
        #expect((abs(area) > Double.pi * rx * ry / 2) == large)
        for p in line { #expect(abs(ellipseValue(arc, p) - 1) < 1e-4) }
    }

    @Test func radiiTooSmallAreScaledUp() throws {
        // Radius 1 cannot span 10 units: scaled to 5, a half circle through (5,-5) for sweep 1.
        let line = polylines(try SVGPathParser.parse("M0 0 A1 1 0 0 1 10 0 Z"), steps: 256)[0]
        #expect(abs(signedArea(line) - Double.pi * 25 / 2) < 1e-3)
        #expect(line.contains { distance($0, Point(5, -5)) < 1e-6 })
        for p in line.dropFirst() where abs(p.y) > 1e-9 { #expect(abs(distance(p, Point(5, 0)) - 5) < 1e-4) }
        // Negative radii are taken as their absolute values; the large-arc flag is moot.
        #expect(try parse("M0 0 A-1 -1 0 1 1 10 0") == parse("M0 0 A1 1 0 0 1 10 0"))
        // Ellipse radii scale together: 2:1 stays 2:1.
        guard case .arc(let arc) = SVGArc.shape(from: Point(0, 0), to: Point(40, 0), radiusX: 2, radiusY: 1,
                                                rotationDegrees: 0, largeArc: false, sweep: false) else {
            Issue.record("no arc"); return
        }
        #expect(abs(arc.radiusX - 20) < 1e-9 && abs(arc.radiusY - 10) < 1e-9)
    }

    @Test func zeroRadiusIsALineAndSameEndpointsDrawNothing() throws {
        #expect(try parse("M0 0 A0 5 0 0 1 10 0") == [.move(Point(0, 0)), .line(Point(10, 0))])
        #expect(try parse("M0 0 a5 0 0 0 1 10 0") == [.move(Point(0, 0)), .line(Point(10, 0))])
        #expect(try parse("M3 3 A5 5 0 1 1 3 3") == [.move(Point(3, 3))])
        // A huge radius is a nearly straight, finite arc.
        let e = try parse("M0 0 A1e6 1e6 0 0 1 10 0")
        for p in polylines(try SVGPathParser.parse("M0 0 A1e6 1e6 0 0 1 10 0"))[0] {
            #expect(p.isFinite && abs(p.y) < 1e-4)
        }
        #expect(e.count >= 2)
        #expect(try parse("M0 0 A1e300 1e300 0 0 1 10 0") == [.move(Point(0, 0)), .line(Point(10, 0))])
        for p in polylines(try SVGPathParser.parse("M0 0 A1e300 1e-300 45 1 0 10 0"))[0] { #expect(p.isFinite) }
    }

    /// (x', y') of `p` in the ellipse's frame, as `(x'/rx)² + (y'/ry)²`: 1 on the ellipse.
    private func ellipseValue(_ arc: SVGArc.Center, _ p: Point) -> Double {
        let dx = p.x - arc.center.x, dy = p.y - arc.center.y
        let c = _cos(arc.rotation), s = _sin(arc.rotation)
        let x = (c * dx + s * dy) / arc.radiusX, y = (-s * dx + c * dy) / arc.radiusY
        return x * x + y * y
    }
}
