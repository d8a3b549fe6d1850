import Testing
import Utilities

/// The split of `--cache-bytes`: the table in docs/deployment.md ("Cache budget"), in 64ths.
@Suite struct CachesTests {
    @Test func theDefaultSplitIsTheDocumentedTable() {
        let mib = 1 << 20
        let caches = Caches(totalBytes: 64 * mib)
        #expect(caches.shares == ["images": 21 * mib, "shadows": 10 * mib, "preparedRequests": 8 * mib,
                                  "fills": 4 * mib, "colorGlyphs": 4 * mib, "shapedRuns": 2 * mib,
                                  "glyphOutlines": 2 * mib, "resampledImages": 2 * mib, "symbols": 2 * mib,
                                  "imageData": 4 * mib, "paletteClasses": 2 * mib, "svgPathData": mib, "svgDocuments": mib,
                                  "styleShapes": mib])
        #expect(Caches.standard == caches)
    }

    @Test(arguments: [0, 1, 63, 64, 65, 1000, 12_345_678, 64 << 20, Int.max])
    func theSharesAddUpToTheBudget(total: Int) {
        let caches = Caches(totalBytes: total)
        #expect(caches.shares.values.reduce(0, +) == total)
        #expect(caches.shares.values.allSatisfy { $0 >= 0 })
    }

    @Test func zeroAndLessGiveEveryCacheNothing() {
        for total in [0, -5] {
            #expect(Caches(totalBytes: total).shares.values.allSatisfy { $0 == 0 })
        }
    }

    @Test func aShareIsItsSixtyFourthsRoundedDown() {
        // 100 bytes: shadows 10/64 -> 15 (15.6), fills and image data 4/64 -> 6 (6.25), palette
        // classes 2/64 -> 3 (3.1).
        let caches = Caches(totalBytes: 100)
        #expect(caches.shadows == 15)
        #expect(caches.fills == 6)
        #expect(caches.imageData == 6)
        #expect(caches.paletteClasses == 3)
        #expect(caches.svgPathData == 1)
        #expect(caches.images == 100 - (15 + 12 + 6 + 6 + 3 + 3 + 3 + 3 + 6 + 3 + 1 + 1 + 1))
    }
}

@Suite struct BoundedCacheCapacityTests {
    @Test func neverHoldsMoreThanItsBudget() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 1000, cost: { _, v in v.count + 10 })
        for i in 0..<100 { cache.insert([UInt8](repeating: 0, count: 90), for: i) }
        #expect(cache.totalCost <= 1000)
        #expect(cache.count == 10)
    }

    @Test func aSmallerBudgetDropsWhatNoLongerFits() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 1000, cost: { _, v in v.count })
        for i in 0..<10 { cache.insert([UInt8](repeating: 0, count: 100), for: i) }
        cache.setCapacity(500)
        #expect(cache.capacity == 500)
        #expect(cache.totalCost <= 500)
        cache.setCapacity(0)
        cache.insert([1], for: 99)
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    @Test func theCostSeesTheKey() {
        let cache = BoundedCache<String, Int>(capacity: 10, cost: { key, _ in key.utf8.count })
        cache.insert(1, for: "12345678901")
        #expect(cache.count == 0)
        cache.insert(1, for: "1234567890")
        #expect(cache.count == 1)
    }
}
