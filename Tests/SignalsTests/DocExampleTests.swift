import Signals
import Testing

/// The example of the Signals API in docs/api.md ("Signals"), line for line, with `print`
/// replaced by a recorder: what the document says each line prints is what it records.
@Suite struct DocExampleTests {
    @Test func theDocumentsExampleDoesWhatItSays() async {
        let printed = Recorder<String>()
        let score = State(0)
        let label = Computed { "Puntos: \(score.value)" }
        let printing = effect { printed.append(label.value) }
        #expect(printed.all == ["Puntos: 0"])
        batch { score.value = 1; score.value = 2 }
        #expect(printed.all == ["Puntos: 0", "Puntos: 2"], "a batch notifies once")
        let watching = score.subscribe { printed.append("score \($0)") }
        #expect(printed.all.last == "score 2")

        let reading = Task { () -> [String] in
            var seen: [String] = []
            for await text in label.values {
                seen.append(text)
                if text == "Puntos: 3" { break }
            }
            return seen
        }
        // The sequence starts from the current value, so a write before it subscribes is seen too.
        await Task.yield()
        score.value = 3
        let seen = await reading.value
        #expect(seen.first == "Puntos: 2" || seen.first == "Puntos: 3")
        #expect(seen.last == "Puntos: 3")
        #expect(Set(printed.all.suffix(2)) == ["Puntos: 3", "score 3"])
        printing.cancel()
        watching.cancel()
        score.value = 4
        #expect(!printed.all.contains("Puntos: 4"), "a cancelled effect runs no more")
    }
}
