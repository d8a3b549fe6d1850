#if canImport(Glibc)
import Glibc
#endif

/// Whether the calling thread may run the "did you mean" search of an unknown symbol's 400
/// (`SymbolCatalog.expectation(forUnknown:)`: edit distance to every name, about a millisecond,
/// `QUERY='on=1&sym=moonfill' Benchmarks/profile/uncached-callgrind.sh`). An event loop may not:
/// one such item would hold up every connection of the loop. In `deferring(_:)` an unknown symbol still fails the query
/// (`ToggleQuery.symbol`), at the same parameter and in the same order, but without the search;
/// the thread is told (`deferring` returns `searchNeeded`) and hands the request to a worker,
/// which parses it again and answers the same 400 with its suggestions.
///
/// Per thread (a POSIX thread-specific value: a load and a store, no system call), so workers
/// parsing at the same time are not affected.
public enum SuggestionSearch {
    /// The value of `body` and whether it met an unknown symbol whose search it skipped (its
    /// answer then lacks the suggestions: do not send it).
    public static func deferring<T>(_ body: () -> T) -> (value: T, searchNeeded: Bool) {
        set(deferredMark)
        let value = body()
        let needed = mark == neededMark
        set(0)
        return (value, needed)
    }

    /// True inside `deferring` on this thread: the caller must not search, and calls `skipped()`.
    static var isDeferred: Bool { mark != 0 }

    /// Notes that a search was skipped (inside `deferring`).
    static func skipped() {
        set(neededMark)
    }

    private static let deferredMark = 1, neededMark = 2

    /// This thread's mark: 0 outside `deferring`.
    private static var mark: Int { pthread_getspecific(key).map { Int(bitPattern: $0) } ?? 0 }

    private static func set(_ mark: Int) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: mark))
    }

    /// The thread-specific key (no destructor: the values are marks, not pointers).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create: no key left")
        return key
    }()
}
