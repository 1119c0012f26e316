// store-crash-probe DIR SERVER BATCH
//
// Test support for StoreCrashTests (not a product): opens the Store in DIR and, forever, adds
// the next BATCH quiz ids of SERVER's record in one transaction, printing `committed N` (the
// total number of ids) after each commit returns. The test kills it with SIGKILL at some moment
// and checks that the reopened record holds every id reported and is a whole number of batches.
import Foundation
import Models

/// Writes one line straight to the pipe (unbuffered, so nothing is lost when the process dies).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let batch = Int(arguments[3]), batch > 0 else {
    FileHandle.standardError.write(Data("usage: StoreCrashProbe DIR SERVER BATCH\n".utf8))
    exit(2)
}
do {
    let store = try Store(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
    let record = QuizIDStore(.record, store: store, key: arguments[2])
    var total = try record.quizIDs().count
    say("ready \(total)")
    while true {
        try record.add((total + 1)...(total + batch))
        total += batch
        say("committed \(total)")
    }
} catch {
    FileHandle.standardError.write(Data("store-crash-probe: \(error)\n".utf8))
    exit(1)
}
