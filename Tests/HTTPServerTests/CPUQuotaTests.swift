import HTTPServer
import XCTest

/// The event-loop count honours a container's CPU limit. File formats from the
/// kernel's cgroup-v2.rst ("cpu.max") and sched-bwc.rst (cfs_quota_us / cfs_period_us).
final class CPUQuotaTests: XCTestCase {
    func testCgroupV2CPUMax() {
        XCTAssertEqual(CPUQuota.cpus(cpuMax: "100000 100000\n"), 1)
        XCTAssertEqual(CPUQuota.cpus(cpuMax: "150000 100000"), 1.5)
        XCTAssertEqual(CPUQuota.cpus(cpuMax: "50000 100000\n"), 0.5)
        XCTAssertNil(CPUQuota.cpus(cpuMax: "max 100000\n"))
        for bad in ["", "100000", "-1 100000", "1 0", "abc def", "1 2 3"] { XCTAssertNil(CPUQuota.cpus(cpuMax: bad), bad) }
    }

    func testCgroupV1CFSQuota() {
        XCTAssertEqual(CPUQuota.cpus(cfsQuota: "200000\n", cfsPeriod: "100000\n"), 2)
        XCTAssertNil(CPUQuota.cpus(cfsQuota: "-1\n", cfsPeriod: "100000\n"))
        XCTAssertNil(CPUQuota.cpus(cfsQuota: "100000", cfsPeriod: "0"))
    }

    func testLoopCountRoundsUp() {
        XCTAssertEqual(CPUQuota.loopCount(cpus: 1), 1)
        XCTAssertEqual(CPUQuota.loopCount(cpus: 0.1), 1)
        XCTAssertEqual(CPUQuota.loopCount(cpus: 1.5), 2)
        XCTAssertEqual(CPUQuota.loopCount(cpus: 4), 4)
    }

    /// A fake file system: the process's groups and the limit files that exist.
    func current(_ files: [String: String]) -> Double? { CPUQuota.current { files[$0] } }

    func testFindsTheLimitOfTheProcessGroupOrAnAncestor() {
        // v2 inside a cgroup namespace: the container is the root.
        XCTAssertEqual(current(["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "100000 100000\n"]), 1)
        // v2 without a namespace: the pod's group and a tighter limit on its parent.
        XCTAssertEqual(current([
            "/proc/self/cgroup": "0::/kubepods/pod1/ctr\n",
            "/sys/fs/cgroup/kubepods/pod1/ctr/cpu.max": "max 100000\n",
            "/sys/fs/cgroup/kubepods/pod1/cpu.max": "50000 100000\n",
            "/sys/fs/cgroup/cpu.max": "max 100000\n",
        ]), 0.5)
        // v1, the controllers mounted together.
        XCTAssertEqual(current([
            "/proc/self/cgroup": "12:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "300000\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n",
        ]), 3)
        // No limit anywhere (this machine's own layout: v1 with quota -1).
        XCTAssertNil(current([
            "/proc/self/cgroup": "2:cpuacct:/\n1:cpu:/\n0::/\n",
            "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n",
        ]))
        XCTAssertNil(current([:]))
    }
}
