import Testing
import TogglePicture

/// Seed 001's multi-value rule: on when all sources are on, off when all are off, else mixed.
struct MultiValueStateTests {
    @Test func oneSource() {
        #expect(MultiValueState.state(of: [true]) == .on)
        #expect(MultiValueState.state(of: [false]) == .off)
    }

    @Test func twelveSources() {
        let allOn = [Bool](repeating: true, count: 12)
        #expect(MultiValueState.state(of: allOn) == .on)
        #expect(MultiValueState.state(of: allOn.map { !$0 }) == .off)
        var oneOff = allOn
        oneOff[11] = false
        #expect(MultiValueState.state(of: oneOff) == .mixed)
        var oneOn = allOn.map { !$0 }
        oneOn[0] = true
        #expect(MultiValueState.state(of: oneOn) == .mixed)
    }

    @Test func theSeedsThreeSources() {
        #expect(MultiValueState.state(of: [true, false, true]) == .mixed)
        #expect(MultiValueState.state(of: [false, false, false]) == .off)
        #expect(MultiValueState.state(of: [true, true, true]) == .on)
    }
}
