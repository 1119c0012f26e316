import AdivinaApp
import Dispatch
import Foundation

// `adivina`: reads the command line, serves until SIGINT or SIGTERM, exits 0.

let configuration: Configuration
do {
    guard let parsed = try Configuration.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Configuration.usage)
        exit(0)
    }
    configuration = parsed
} catch {
    FileHandle.standardError.write(Data("adivina: \(error)\n".utf8))
    exit(64)
}

let app: AdivinaServer
do {
    app = try AdivinaServer(configuration: configuration)
} catch {
    FileHandle.standardError.write(Data("adivina: \(error)\n".utf8))
    exit(1)
}

// Unbuffered, so a test or a script reading the pipe sees the line at once.
FileHandle.standardOutput.write(Data("Adivina: \(app.url)\n".utf8))
if let joinURL = app.joinURL, let hostKey = app.hostKey {
    FileHandle.standardOutput.write(Data("Clase: \(joinURL)\nClave de anfitrión: \(hostKey)\n".utf8))
}

let signalQueue = DispatchQueue(label: "adivina.signals")
var signalSources: [DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: signalQueue)
    // `@Sendable`: the handler runs on `signalQueue`, not on the main actor of this top-level code
    // (without it the runtime's isolation check traps on the first SIGINT/SIGTERM).
    source.setEventHandler { @Sendable in
        Task { @MainActor in await app.shutdown() }
    }
    source.resume()
    signalSources.append(source)
}

await app.waitUntilStopped()
exit(0)
