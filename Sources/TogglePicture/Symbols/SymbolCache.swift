import Geometry
import Utilities

/// Parsed symbol outlines, shared by every thread that renders.
///
/// Parsing happens outside the lock; two threads that miss on the same name at once both parse
/// it and store equal paths. Holds outlines within its byte budget (`Caches.symbols`, 2 MiB by
/// default: the curated names and the `mdi:` icons people actually use); an entry costs its
/// name, its path and `Caches.entryOverheadBytes`. Beyond that, outlines are parsed per request
/// and not kept, so a client walking through all 7,447 icons cannot grow the process without
/// bound. A budget of 0 keeps nothing, the recent list included.
///
/// The last `recentCapacity` names found are also kept in a short list compared by name (a
/// toggle's few symbols, `checkmark` and `xmark` most of all, are short strings compared in a
/// word or two), checked first: the table's lookup hashes the name and goes through the generic
/// `BoundedCache` (Benchmarks/profile/svg-callgrind.sh).
final class SymbolCache: Sendable {
    static let recentCapacity = 8

    private let storage: BoundedCache<String, Path?>

    private struct Recent {
        var names: [String] = []
        var paths: [Path] = []
        /// Where the next name goes once full.
        var next = 0
    }
    private let recent = Locked(Recent())

    /// - Parameter capacityBytes: most bytes held (default `Caches.standard.symbols`); 0 disables it.
    init(capacityBytes: Int = Caches.standard.symbols) {
        storage = BoundedCache(capacity: capacityBytes, cost: { name, path in
            name.utf8.count + (path?.byteCount ?? 0) + Caches.entryOverheadBytes
        })
    }

    /// Sets the budget (`Caches.symbols`); outlines held beyond it are dropped, and so are the
    /// recent ones when it is 0.
    func setCapacityBytes(_ bytes: Int) {
        storage.setCapacity(bytes)
        if bytes <= 0 { recent.withLock { $0 = Recent() } }
    }

    /// Most bytes held.
    var capacityBytes: Int { storage.capacity }
    /// Bytes held (the recent list's entries share the table's paths).
    var bytesHeld: Int { storage.totalCost }

    /// The outline of `name` if it is among the recent ones (then a known name with good data).
    func recentPath(for name: String) -> Path? {
        recent.withLock { r in
            for i in r.names.indices where r.names[i] == name { return r.paths[i] }
            return nil
        }
    }

    /// The cached outline for `name` (nil inside when the name resolved to nothing), or
    /// `make()`'s result, stored if there is room.
    func path(for name: String, make: () -> Path?) -> Path? {
        let path = storage.value(for: name, orMake: make)
        if let path, storage.capacity > 0 { remember(name, path) }
        return path
    }

    private func remember(_ name: String, _ path: Path) {
        recent.withLock { r in
            if r.names.contains(name) { return }
            if r.names.count < Self.recentCapacity {
                r.names.append(name)
                r.paths.append(path)
            } else {
                r.names[r.next] = name
                r.paths[r.next] = path
                r.next = (r.next + 1) % Self.recentCapacity
            }
        }
    }

    var count: Int { storage.count }
}
