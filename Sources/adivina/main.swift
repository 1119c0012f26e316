import AdivinaApp
import Foundation

// `adivina`: reads the command line, serves until SIGINT or SIGTERM, exits 0.
// `adivina backup FILE`: copies the database to FILE and exits.

if CommandLine.arguments.dropFirst().first == "backup" {
    do {
        print(try BackupCommand.run(Array(CommandLine.arguments.dropFirst(2))))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("adivina: \(error)\n".utf8))
        exit(1)
    }
}

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

MainActorProbe.startIfAsked()

let app: AdivinaServer
do {
    app = try await AdivinaServer.start(configuration: configuration)
} catch let error as ConfigurationError {
    // A file a flag names that cannot be used (`Configuration.checkFiles`): a bad command line.
    FileHandle.standardError.write(Data("adivina: \(error)\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("adivina: \(error)\n".utf8))
    exit(AdivinaServer.exitStatus(startingFailedWith: error))
}

// Signals are handled before the address is printed: whoever reads the first line may stop
// the server at once. The handler is C code that only wakes the event loop (async-signal-safe).
app.stopOnTerminationSignals()

// Unbuffered, so a test or a script reading the pipe sees the line at once.
FileHandle.standardOutput.write(Data("Adivina: \(app.url)\n".utf8))
if let joinURL = app.joinURL, let hostKey = app.hostKey {
    FileHandle.standardOutput.write(Data("Clase: \(joinURL)\nClave de anfitrión: \(hostKey)\n".utf8))
}

await app.waitUntilStopped()
exit(0)
