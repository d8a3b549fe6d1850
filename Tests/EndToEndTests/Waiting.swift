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

/// Whether every thread of process `pid` is stopped (state `T` or `t` in
/// `/proc/PID/task/TID/stat`, proc(5)): `kill(pid, SIGSTOP)` returns before the process has
/// stopped, so a test that needs it stopped waits for this.
func allThreadsStopped(_ pid: Int32) -> Bool {
    let tasks = "/proc/\(pid)/task"
    guard let ids = try? FileManager.default.contentsOfDirectory(atPath: tasks), !ids.isEmpty else { return false }
    for id in ids {
        // The state is the field after the command, which is in parentheses and may hold spaces.
        guard let stat = try? String(contentsOfFile: "\(tasks)/\(id)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].drop(while: { $0 == " " }).first
        guard state == "T" || state == "t" else { return false }
    }
    return true
}
