import Signals
import Testing

@Suite struct StateTests {
    @Test func readsAndWrites() {
        let score = State(1)
        #expect(score.value == 1)
        score.value = 2
        #expect(score.value == 2)
    }
}
