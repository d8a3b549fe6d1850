/// A growable byte buffer for writing SVG text: bytes written through a pointer into storage
/// sized ahead, `count` kept apart, the storage neither zero-filled nor checked for uniqueness
/// (noncopyable: one owner, freed with it). `Array.append(contentsOf:)` pays a generic copy
/// through `_copyContents` per call however short the bytes, and an SVG is written in about a
/// hundred short pieces of markup and numbers (Benchmarks/profile/svg-callgrind.sh).
struct SVGBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes written, as an array (one copy).
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Makes room for `n` more bytes.
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if capacity - count < n { grow(n) }
    }

    private mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, count + n)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Writes at most `maximumCount` bytes through `body`, which returns how many it wrote.
    @inline(__always)
    mutating func write(maximumCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximumCount)
        count += body(base + count)
    }

    /// Writes `n` bytes at `offset`, inside what is already written, through `body`.
    mutating func overwrite(at offset: Int, count n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        precondition(offset >= 0 && n >= 0 && offset + n <= count, "overwrite outside the written bytes")
        body(base + offset)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `n` bytes from `source`: a byte loop for short pieces, `memmove` for long ones.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        reserve(n)
        let p = base + count
        if n <= 32 {
            for i in 0..<n { p[i] = source[i] }
        } else {
            p.update(from: source, count: n)
        }
        count += n
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let start = $0.baseAddress { append(start, count: $0.count) } }
    }

    mutating func append(contentsOf other: borrowing SVGBytes) {
        append(other.base, count: other.count)
    }

    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { if let start = $0.baseAddress { append(start, count: $0.count) } }
    }

    /// Appends a copy of the bytes at `range`, already written to this buffer.
    mutating func appendCopy(of range: Range<Int>) {
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }
}
