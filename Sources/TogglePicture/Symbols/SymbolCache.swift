import Geometry
import Raster
import Utilities

/// Parsed symbol outlines, shared by every thread that renders.
///
/// Parsing happens outside the lock; two threads that miss on the same name at once both parse
/// it and store equal paths. Holds at most `capacity` outlines (the curated names and the `mdi:`
/// icons people actually use); beyond that, outlines are parsed per request and not kept, so a
/// client walking through all 7,447 icons cannot grow the process without bound.
final class SymbolCache: Sendable {
    static let capacity = 2048

    private let storage = BoundedCache<String, Path?>(capacity: SymbolCache.capacity)

    init() {}

    /// The cached outline for `name` (nil inside when the name resolved to nothing), or
    /// `make()`'s result, stored if there is room.
    func path(for name: String, make: () -> Path?) -> Path? {
        storage.value(for: name, orMake: make)
    }

    var count: Int { storage.count }
}
