/// The CPU bandwidth limit a container runtime sets through Linux control groups, so a pod
/// limited to one CPU on a 64-core node runs one event loop, not 64.
///
/// cgroup v2 (`Documentation/admin-guide/cgroup-v2.rst`, "cpu.max"): `$MAX $PERIOD` in
/// microseconds, `max` meaning no limit; a limit on any ancestor group applies too.
/// cgroup v1 (`Documentation/scheduler/sched-bwc.rst`): `cpu.cfs_quota_us` (-1: no limit) over
/// `cpu.cfs_period_us`. The parsing functions are pure, over the files' contents.
public enum CPUQuota {
    /// CPUs allowed by a v2 `cpu.max` (e.g. "150000 100000" is 1.5), or nil for `max` or text
    /// that is not two positive integers.
    public static func cpus(cpuMax: String) -> Double? {
        let fields = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = positive(fields[0]), let period = positive(fields[1]) else { return nil }
        return Double(quota) / Double(period)
    }

    /// CPUs allowed by v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us`, or nil for a quota of
    /// -1 (no limit) or malformed text.
    public static func cpus(cfsQuota: String, cfsPeriod: String) -> Double? {
        let trim: (String) -> Substring = { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }).first ?? "" }
        guard let quota = positive(trim(cfsQuota)), let period = positive(trim(cfsPeriod)) else { return nil }
        return Double(quota) / Double(period)
    }

    /// Event loops worth running under a limit of `cpus`: rounded up (1.5 CPUs: 2), at least 1.
    public static func loopCount(cpus: Double) -> Int {
        guard cpus.isFinite, cpus > 0 else { return 1 }
        return max(1, Int(min(cpus.rounded(.up), 4096)))
    }

    /// The smallest limit that applies to this process, in CPUs, or nil when there is none.
    /// `readFile` returns a file's contents or nil (tests pass a table; the default reads).
    /// Looks at the v2 group of `/proc/self/cgroup` and its ancestors under `/sys/fs/cgroup`,
    /// and at v1's `cpu` controller group (and its ancestors, and the mount's root, which is
    /// the container's own group when the runtime gives it a cgroup namespace).
    public static func current(readFile: (String) -> String? = readSmallFile) -> Double? {
        guard let membership = readFile("/proc/self/cgroup") else { return nil }
        var limits: [Double] = []
        for line in membership.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let controllers = parts[1].split(separator: ",")
            let groups = [String(parts[2])] + ancestors(of: String(parts[2]))
            if parts[0] == "0" && parts[1].isEmpty {
                for group in groups {
                    if let text = readFile(joined("/sys/fs/cgroup", group, "cpu.max")), let c = cpus(cpuMax: text) {
                        limits.append(c)
                    }
                }
            } else if controllers.contains("cpu") {
                let mount = "/sys/fs/cgroup/" + controllers.joined(separator: ",")
                for base in [mount, "/sys/fs/cgroup/cpu"] {
                    for group in groups {
                        if let quota = readFile(joined(base, group, "cpu.cfs_quota_us")),
                           let period = readFile(joined(base, group, "cpu.cfs_period_us")),
                           let c = cpus(cfsQuota: quota, cfsPeriod: period) {
                            limits.append(c)
                        }
                    }
                }
            }
        }
        return limits.min()
    }

    /// `/a/b` gives `/a` and `/`; `/` gives nothing.
    static func ancestors(of group: String) -> [String] {
        var result: [String] = []
        var path = Substring(group)
        while let slash = path.lastIndex(of: "/"), path != "/" {
            path = path[..<slash]
            result.append(path.isEmpty ? "/" : String(path))
        }
        return result
    }

    static func joined(_ base: String, _ group: String, _ file: String) -> String {
        group == "/" || group.isEmpty ? base + "/" + file : base + group + "/" + file
    }

    static func positive(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(text), n > 0 else { return nil }
        return n
    }

    /// The contents of a small file (at most 4 KiB), or nil if it cannot be read.
    public static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#endif
