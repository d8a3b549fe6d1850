#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Scene
import Utilities

/// Whole SVG documents kept by what they draw except their colours, so a scene that differs from
/// one written before only in its paints (a toggle in a new tint: the same track, knob, shadow
/// and symbol at the same size, scale and state) is its earlier document with the `fill` and
/// `fill-opacity` attributes written again: one copy of the markup instead of a walk of the
/// scene writing every element, number and path (Benchmarks/profile/svg-callgrind.sh).
///
/// A template is a document as `SVGWriter.documentBytes` wrote it plus where each operation's
/// paint (`SVGWriter.paintBytes`) stands in it. Two scenes share a template when they have the
/// same size and title and operation for operation the same kind, the same path storage (the
/// styles share their track, knob and symbol paths between scenes: `StyleShapes`, the symbol
/// cache), the same transform, shadow offset and blur, and fill rule: then `documentBytes`
/// writes the same bytes for both outside the paints, since it reads nothing else of them. A
/// path is known by the address of its element storage, which the template holds (a copy of the
/// path), so no other path can have that address, and no one can change those elements in place,
/// while it lives.
///
/// Only scenes without layers (a row or a card has them; they are written in full) and whose
/// paths are non-empty. A scene with a path made afresh for every request (a style's label: its
/// glyph outlines) never matches; so that such scenes do not fill the table with templates no one
/// uses, which every lookup of their size would compare against, at most `unusedPerFrame`
/// templates of one size, title and operation count that have not been used yet (`hits`) are
/// held: a new one replaces the oldest of them. Bounded: at most `capacity` templates of at most
/// `maximumBytes` of document each, the oldest replaced first, and at most `capacityBytes` in all
/// (its share of `--cache-bytes`, `Caches.svgDocuments`; a template costs its bytes, its
/// records and paths and `Caches.entryOverheadBytes`), emptied when one more would not fit; with
/// a capacity of 0 nothing is kept. Shared by all threads behind one lock, held for a lookup
/// with the copy of a hit (about a microsecond) or an insertion.
enum SVGDocumentTemplates {
    static let capacity = 64
    static let maximumBytes = 16 << 10
    /// Unused templates held per size, title and operation count: a few toggles that differ only
    /// in their symbol, asked in turn, each keep theirs until used.
    static let unusedPerFrame = 4

    /// What `documentBytes` reads of one operation, besides its paint: plain values, compared
    /// without reference counting (the template holds the path: `Template.paths`).
    struct Operation {
        enum Kind: UInt8 { case paint, fill, shadow }
        var kind: Kind
        /// The path's element storage (`SVGDocumentTemplates.address(of:)`).
        var address: UnsafeRawPointer?
        /// A fill's transform, or a shadow's (its offset apart).
        var transform: AffineTransform
        var offset: Point
        var sigma: Double
        var fillRule: FillRule

        init?(_ operation: SceneOperation) {
            switch operation {
            case .paint:
                self.init(kind: .paint, path: Path(), transform: .identity, offset: Point(0, 0), sigma: 0,
                          fillRule: .nonZero)
            case .fill(let f):
                self.init(kind: .fill, path: f.path, transform: f.transform, offset: Point(0, 0), sigma: 0,
                          fillRule: f.fillRule)
            case .shadow(let s):
                self.init(kind: .shadow, path: s.path, transform: s.transform, offset: s.offset, sigma: s.sigma,
                          fillRule: .nonZero)
            case .layer, .image:
                return nil
            }
            if kind != .paint && address == nil { return nil }
        }

        private init(kind: Kind, path: Path, transform: AffineTransform, offset: Point, sigma: Double,
                     fillRule: FillRule) {
            self.kind = kind
            self.address = SVGDocumentTemplates.address(of: path)
            self.transform = transform
            self.offset = offset
            self.sigma = sigma
            self.fillRule = fillRule
        }

        /// Whether `documentBytes` writes `operation` as it wrote this one, paint apart.
        @inline(__always)
        func matches(_ operation: SceneOperation) -> Bool {
            switch operation {
            case .paint:
                return kind == .paint
            case .fill(let f):
                return kind == .fill && address == SVGDocumentTemplates.address(of: f.path)
                    && transform == f.transform && fillRule == f.fillRule
            case .shadow(let s):
                return kind == .shadow && address == SVGDocumentTemplates.address(of: s.path)
                    && transform == s.transform && offset == s.offset && sigma == s.sigma
            case .layer, .image:
                return false
            }
        }
    }

    /// A class: a lookup takes a reference, not a copy of six fields. Touched under the lock only.
    final class Template: @unchecked Sendable {
        /// Documents made from this template (`hits` is read and written under the lock).
        var hits = 0
        /// Order of insertion (the oldest unused one of a frame is replaced first).
        var serial = 0
        let width: Int
        let height: Int
        let title: String
        let operations: [Operation]
        /// The paths of the fills and shadows, held so that their storage (`Operation.address`)
        /// lives as long as the template.
        let paths: [Path]
        let bytes: [UInt8]
        /// Where each operation's paint stands in `bytes`, in the order of `operations`.
        let paints: [Range<Int>]
        /// What the template counts against `capacityBytes`: the document, the records of its
        /// operations and paints, their paths, the title and `Caches.entryOverheadBytes`.
        let cost: Int

        init(width: Int, height: Int, title: String, operations: [Operation], paths: [Path], bytes: [UInt8],
             paints: [Range<Int>]) {
            self.width = width
            self.height = height
            self.title = title
            self.operations = operations
            self.paths = paths
            self.bytes = bytes
            self.paints = paints
            cost = bytes.count + operations.count * MemoryLayout<Operation>.stride
                + paths.reduce(0) { $0 + MemoryLayout<Path>.stride + $1.byteCount }
                + paints.count * MemoryLayout<Range<Int>>.stride
                + title.utf8.count + Caches.entryOverheadBytes
        }

        /// Same size, title and operation count (what is compared first). The title by its UTF-8
        /// bytes, which the document holds: `String`'s `==` calls canonically equivalent text
        /// equal (U+00E9 and "e" + U+0301), which would hand one spelling the other's bytes.
        func hasFrame(of scene: Scene) -> Bool {
            width == scene.width && height == scene.height && operations.count == scene.operations.count
                && SVGDocumentTemplates.sameUTF8(title, scene.title)
        }

        func matches(_ scene: Scene) -> Bool {
            guard hasFrame(of: scene) else { return false }
            for i in operations.indices where !operations[i].matches(scene.operations[i]) { return false }
            return true
        }

        /// The document of `scene` (which `matches`): the kept bytes with `scene`'s paints,
        /// written once, into an array of the document's length. The paints go first to a buffer
        /// on the stack, for their lengths: paint `i` at `slot * i + 1`, its length in the byte
        /// before it.
        func document(for scene: Scene) -> [UInt8] {
            let operations = scene.operations
            let slot = 1 + SVGWriter.maximumPaintBytes
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, slot * paints.count)) { buffer in
                let written = buffer.baseAddress!
                var length = bytes.count
                for i in paints.indices {
                    let n = SVGWriter.writePaint(SVGWriter.colour(operations[i]), to: written + slot * i + 1)
                    written[slot * i] = UInt8(n)
                    length += n - paints[i].count
                }
                return bytes.withUnsafeBufferPointer { kept in
                    [UInt8](unsafeUninitializedCapacity: length) { out, count in
                        func put(_ source: UnsafePointer<UInt8>, _ n: Int) {
                            (out.baseAddress! + count).initialize(from: source, count: n)
                            count += n
                        }
                        var from = 0
                        for i in paints.indices {
                            put(kept.baseAddress! + from, paints[i].lowerBound - from)
                            put(written + slot * i + 1, Int(written[slot * i]))
                            from = paints[i].upperBound
                        }
                        put(kept.baseAddress! + from, kept.count - from)
                    }
                }
            }
        }
    }

    private struct Storage {
        var templates: [Template] = []
        /// Templates inserted so far (their `serial`).
        var serial = 0
        /// Where the next template goes once full.
        var next = 0
        var capacityBytes = Caches.standard.svgDocuments
        var bytesHeld = 0

        mutating func removeAll() {
            templates.removeAll(keepingCapacity: true)
            next = 0
            bytesHeld = 0
        }

        /// Puts `template` at `index` (nil: a new slot), first emptying the table if it would
        /// take more than `capacityBytes`.
        mutating func place(_ template: Template, at index: Int?) {
            var index = index
            if bytesHeld - (index.map { templates[$0].cost } ?? 0) + template.cost > capacityBytes {
                removeAll()
                index = nil
            }
            if let index {
                bytesHeld -= templates[index].cost
                templates[index] = template
            } else {
                templates.append(template)
            }
            bytesHeld += template.cost
        }
    }

    private static let storage = Locked(Storage())

    /// The most bytes the templates hold together.
    static var capacityBytes: Int { storage.withLock { $0.capacityBytes } }
    /// The bytes the templates hold now.
    static var bytesHeld: Int { storage.withLock { $0.bytesHeld } }

    /// Sets the capacity to `bytes` (0 or less: nothing is kept), emptying the table if it holds more.
    static func setCapacityBytes(_ bytes: Int) {
        storage.withLock { s in
            s.capacityBytes = max(0, bytes)
            if s.bytesHeld > s.capacityBytes { s.removeAll() }
        }
    }

    /// The document of `scene` from a template, or nil when none matches.
    static func document(for scene: Scene) -> [UInt8]? {
        storage.withLock { s in
            for template in s.templates where template.matches(scene) {
                template.hits += 1
                return template.document(for: scene)
            }
            return nil
        }
    }

    /// Keeps `bytes`, written by `documentBytes` for `scene` with its paints at `paints`, as a
    /// template, unless `scene` cannot have one.
    static func keep(_ scene: Scene, bytes: [UInt8], paints: [Range<Int>]) {
        guard bytes.count <= maximumBytes, paints.count == scene.operations.count, capacityBytes > 0 else { return }
        var operations: [Operation] = [], paths: [Path] = []
        operations.reserveCapacity(scene.operations.count)
        for operation in scene.operations {
            guard let kept = Operation(operation) else { return }
            operations.append(kept)
            switch operation {
            case .fill(let f): paths.append(f.path)
            case .shadow(let s): paths.append(s.path)
            case .paint, .layer, .image: break
            }
        }
        let template = Template(width: scene.width, height: scene.height, title: scene.title,
                                operations: operations, paths: paths, bytes: bytes, paints: paints)
        storage.withLock { s in
            guard template.cost <= s.capacityBytes else { return }
            s.serial += 1
            template.serial = s.serial
            var unused = 0, oldestUnused: Int?
            for i in s.templates.indices where s.templates[i].hasFrame(of: scene) {
                let held = s.templates[i]
                if held.matches(scene) { return }
                guard held.hits == 0 else { continue }
                unused += 1
                if oldestUnused.map({ held.serial < s.templates[$0].serial }) ?? true { oldestUnused = i }
            }
            if unused >= unusedPerFrame, let oldestUnused {
                s.place(template, at: oldestUnused)
            } else if s.templates.count < capacity {
                s.place(template, at: nil)
            } else {
                s.place(template, at: s.next)
                s.next = (s.next + 1) % capacity
            }
        }
    }

    /// Templates held of `scene`'s size, title and operation count (for tests).
    static func count(withFrameOf scene: Scene) -> Int {
        storage.withLock { s in s.templates.filter { $0.hasFrame(of: scene) }.count }
    }

    /// Whether `scene` can have a template: no layers, no images, no empty path.
    static func admits(_ scene: Scene) -> Bool {
        for operation in scene.operations {
            switch operation {
            case .paint: continue
            case .fill(let f): if f.path.elements.isEmpty { return false }
            case .shadow(let s): if s.path.elements.isEmpty { return false }
            case .layer, .image: return false
            }
        }
        return true
    }

    /// Whether `a` and `b` have the same UTF-8 bytes: `memcmp` where both are contiguous (a
    /// native string), else byte by byte.
    static func sameUTF8(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The address of `path`'s element storage (nil when it has no elements).
    @inline(__always)
    static func address(of path: Path) -> UnsafeRawPointer? {
        path.elements.isEmpty ? nil : path.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
