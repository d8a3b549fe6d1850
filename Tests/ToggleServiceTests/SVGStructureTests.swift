import Foundation
import Geometry
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ImageWriters
import Scene
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// Every SVG we write parses as XML and uses only allowed elements and attributes: no script,
/// no foreignObject, no external references, no event attributes; numbers have at most 3
/// decimals; the title is escaped; equal queries give equal bytes.
final class SVGStructureTests: XCTestCase {
    static let allowed: [String: Set<String>] = [
        "svg": ["xmlns", "width", "height", "viewBox", "role", "aria-label"],
        "title": [],
        "style": [],
        "defs": [],
        "filter": ["id", "x", "y", "width", "height", "filterUnits", "color-interpolation-filters"],
        "feGaussianBlur": ["stdDeviation"],
        "g": ["transform", "opacity"],
        "rect": ["class", "width", "height", "fill", "fill-opacity"],
        "path": ["class", "d", "fill", "fill-opacity", "fill-rule", "transform", "filter"],
        // A colour emoji: its PNG in a data: URI, the only URI allowed (SVGLabelAllowListTests).
        "image": ["x", "y", "width", "height", "preserveAspectRatio", "opacity", "href"],
    ]

    final class Walker: NSObject, XMLParserDelegate {
        var elements: [(String, [String: String])] = []
        var text: [String: String] = [:]
        var current: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
            current.append(name)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            current.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let top = current.last { text[top, default: ""] += string }
        }
    }

    func walk(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Walker {
        let walker = Walker()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = walker
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))", file: file, line: line)
        return walker
    }

    func svg(_ query: String) throws -> [UInt8] {
        try ToggleRequest(query: try ToggleQuery(rawQuery: query), format: .svg).bytes()
    }

    func testElementsAndAttributesAreAllowListed() throws {
        for query in ["on=1", "on=0&theme=auto&bg=white&disabled=1", "state=mixed&scale=3&sym=mdi:weather-night",
                      "on=1&sym=location.slash.fill&theme=dark&pad=4"] {
            let bytes = try svg(query)
            let walker = walk(bytes)
            XCTAssertEqual(walker.elements.first?.0, "svg", query)
            for (name, attributes) in walker.elements {
                guard let allowed = Self.allowed[name] else { XCTFail("element \(name) in \(query)"); continue }
                for (attribute, value) in attributes {
                    XCTAssertTrue(allowed.contains(attribute), "\(name) \(attribute) in \(query)")
                    XCTAssertFalse(attribute.lowercased().hasPrefix("on"), "event attribute \(attribute)")
                    if attribute == "filter" { XCTAssertTrue(value.hasPrefix("url(#"), "local references only: \(value)") }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for forbidden in ["<script", "foreignObject", "href", "http:", "https:", "@import", "url(h", "data:"] {
                let hits = text.components(separatedBy: forbidden).count - 1
                // The one allowed: the SVG namespace name.
                XCTAssertEqual(hits, forbidden == "http:" ? 1 : 0, "\(forbidden) in \(query)")
            }
            // Numbers: at most 3 decimals.
            let decimals = try NSRegularExpression(pattern: "\\.[0-9]{4,}")
            XCTAssertEqual(decimals.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)), 0, text)
            XCTAssertFalse(text.contains("\n"), "no needless whitespace")
            // role, aria-label and title say what it shows.
            let root = walker.elements[0].1
            XCTAssertEqual(root["role"], "img")
            XCTAssertEqual(root["aria-label"], walker.text["title"])
            XCTAssertTrue(walker.text["title"]?.hasPrefix("Switch, ") == true)
            XCTAssertEqual(bytes, try svg(query), "deterministic bytes")
        }
    }

    func testLayerIsATranslatedGroupWithItsOpacity() {
        let inner = Scene(width: 2, height: 2, title: "inner", operations: [.paint(RGBAColor(red: 255, green: 0, blue: 0))])
        let outer = Scene(width: 4, height: 4, title: "a & b", operations: [.layer(SceneLayer(inner, x: 1, y: 2, opacity: 0.5))])
        let text = String(decoding: SVGWriter.svg(outer), as: UTF8.self)
        XCTAssertTrue(text.contains("<g transform=\"translate(1 2)\" opacity=\"0.5\"><rect width=\"2\" height=\"2\" fill=\"#ff0000\"/></g>"), text)
        XCTAssertTrue(text.contains("aria-label=\"a &amp; b\""), text)
        _ = walk(SVGWriter.svg(outer))
    }

    func testTitleIsEscaped() {
        XCTAssertEqual(SVGText.escaped("a<b & \"c\" 'd'>\u{1}"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        // XML 1.0 section 2.2: U+FFFE and U+FFFF are not characters; tab, LF, CR and U+FFFD are.
        XCTAssertEqual(SVGText.escaped("\u{FFFE}é\t\u{FFFF}\u{FFFD}\n✓\r"), "é\t\u{FFFD}\n✓\r")
    }

    func testCachedPathDataIsTheWrittenText() {
        // Paths that differ in one point only, and one path under two transforms, each get
        // their own text, the same as written without the cache, on a miss and on a hit.
        func path(_ y: Double) -> Path {
            var p = Path()
            p.move(to: Point(0, 0))
            for i in 1 ... 7 { p.line(to: Point(Double(i), i == 7 ? y : 0)) }
            p.close()
            return p
        }
        let shift = AffineTransform.translation(0.5, -1.25)
        for (y, transform) in [(1.0, AffineTransform.identity), (2.0, .identity), (1.0, shift), (1.0, .identity)] {
            var out = SVGBytes()
            SVGPathDataCache.appendPathData(path(y), transform: transform, to: &out)
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), SVGText.pathData(path(y), transform: transform))
        }
        // -0.0 equals 0.0, so the two keys must hash alike (Hashable's contract).
        var hashes = Set<Int>()
        for zero in [0.0, -0.0] {
            var p = Path()
            p.move(to: Point(zero, 1))
            hashes.insert(SVGPathDataCache.Key(path: p, transform: .identity).hashValue)
        }
        XCTAssertEqual(hashes.count, 1)
        var out = SVGBytes(capacity: 1)
        out.append("x")
        SVGPathDataCache.appendPathData(path(2), transform: shift, to: &out)
        out.appendCopy(of: 0 ..< 3)
        XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), "xM0.5-1.25L1.5-1.25L2.5-1.25L3.5-1.25L4.5-1.25L5.5-1.25L6.5-1.25L7.5 0.75ZxM0")
    }

    func testNumbersHaveAtMostThreeDecimals() {
        XCTAssertEqual(SVGText.number(1), "1")
        XCTAssertEqual(SVGText.number(0.5), "0.5")
        XCTAssertEqual(SVGText.number(-2.1254), "-2.125")
        XCTAssertEqual(SVGText.number(1.9996), "2")
        XCTAssertEqual(SVGText.number(-0.0001), "0")
        XCTAssertEqual(SVGText.number(0.05), "0.05")
        // Halves (exact in binary) round away from zero, as Double.rounded() does.
        XCTAssertEqual(SVGText.number(0.0625), "0.063")
        XCTAssertEqual(SVGText.number(-0.0625), "-0.063")
        XCTAssertEqual(SVGText.number(0.0005), "0.001")
        XCTAssertEqual(SVGText.number(1234.5), "1234.5")
        XCTAssertEqual(SVGText.number(-0.0004), "0")
        XCTAssertEqual(SVGText.number(.nan), "0")
    }

    func testViewBoxAndSizeArePNGPixels() throws {
        // xSmall: h = 32 x 0.8636 pt; at 1.5 x: round(74.615) = 75 by round(41.453) = 41.
        for (query, w, h) in [("scale=2", 115, 64), ("pad=4", 66, 40), ("size=xSmall&scale=1.5", 75, 41)] {
            let root = walk(try svg(query)).elements[0].1
            let png = try ToggleRequest(query: try ToggleQuery(rawQuery: query), format: .png).bytes()
            // PNG IHDR: width and height as big-endian 32-bit at bytes 16 and 20.
            let pw = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, ph = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertEqual([pw, ph], [w, h], query)
            XCTAssertEqual(root["width"], "\(pw)")
            XCTAssertEqual(root["height"], "\(ph)")
            XCTAssertEqual(root["viewBox"], "0 0 \(pw) \(ph)")
        }
    }
}
