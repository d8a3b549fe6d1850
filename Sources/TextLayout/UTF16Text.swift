/// Text as ICU takes it, UTF-16 code units, with the way back to Unicode scalars: ICU's offsets
/// count code units, ours (runs, clusters, HarfBuzz's clusters) count scalars.
struct UTF16Text {
    let scalars: [Unicode.Scalar]
    let units: [UInt16]
    /// `unitOffsets[i]`: the offset of scalar i's first code unit; one more entry, `units.count`.
    let unitOffsets: [Int]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        var units: [UInt16] = []
        var offsets: [Int] = []
        units.reserveCapacity(scalars.count)
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            offsets.append(units.count)
            units.append(contentsOf: UTF16.encode(scalar)!)
        }
        offsets.append(units.count)
        self.units = units
        unitOffsets = offsets
    }

    /// The scalar index that starts at code unit `offset`: every offset ICU reports is a
    /// boundary it found, so it falls on a scalar's start (or the end).
    func scalarIndex(ofUnit offset: Int) -> Int {
        var low = 0, high = unitOffsets.count - 1
        while low < high {
            let middle = (low + high) / 2
            if unitOffsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
