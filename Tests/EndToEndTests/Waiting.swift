import Foundation

/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass (a bound, not a guess:
/// it returns as soon as the awaited event is seen). Returns whether it held.
func waitUntil(_ timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
