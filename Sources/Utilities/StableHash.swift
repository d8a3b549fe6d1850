/// The project's one hash for bytes that must hash alike in every process and on every replica
/// (entity tags, cache keys and the tables that hold them), unlike `Hasher`, whose seed changes
/// per process: 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3; Fowler, Noll
/// and Vo, draft-eastlake-fnv), and MurmurHash3's 64-bit finalizer (Appleby, `fmix64`) where
/// every bit of the result must depend on every input bit (FNV-1a's low bits depend only on the
/// low bits of each byte). Not a defence against chosen collisions.
public struct StableHash {
    /// The FNV-1a state so far.
    public var value: UInt64 { state }
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable
    public init() {}

    /// Feeds one byte.
    @inlinable @inline(__always)
    public mutating func combine(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Feeds `bytes` in order.
    @inlinable @inline(__always)
    public mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        var h = state
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        state = h
    }

    /// Feeds a 64-bit word in one FNV-1a step (xored in whole, one multiply by the prime): for
    /// streams of numbers (geometry), where a step per byte would cost eight times as much.
    @inlinable @inline(__always)
    public mutating func combine(word: UInt64) {
        state = (state ^ word) &* 0x0000_0100_0000_01b3
    }

    /// 64-bit FNV-1a of `bytes`.
    @inlinable @inline(__always)
    public static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes)
        return hash.value
    }

    /// 64-bit FNV-1a of a collection of bytes (through its contiguous storage when it has one).
    @inlinable
    public static func fnv1a<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        if let hash = bytes.withContiguousStorageIfAvailable({ fnv1a($0) }) { return hash }
        var hash = StableHash()
        for byte in bytes { hash.combine(byte) }
        return hash.value
    }

    /// `fmix64` of `hash`: every output bit depends on every input bit.
    @inlinable @inline(__always)
    public static func mixed(_ hash: UInt64) -> UInt64 {
        var h = hash
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}
