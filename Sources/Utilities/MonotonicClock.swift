#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: for timeouts and durations, since it never steps back or jumps
/// with NTP the way the wall clock does. Shared by the package's modules (`package` access).
package enum MonotonicClock {
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
