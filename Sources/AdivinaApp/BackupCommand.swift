import Foundation
import Models

/// `adivina backup FILE [--data-dir DIR]`: writes one consistent copy of the data directory's
/// database to FILE with SQLite's online backup API, also while Adivina is running. The copy is
/// one plain file: to restore it, stop Adivina and copy it over `adivina.sqlite` (without the
/// old `-wal` and `-shm` beside it).
public enum BackupCommand {
    /// Why no copy was made, in Spanish.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Makes the copy the arguments after `backup` ask for; returns the line to print.
    public static func run(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        guard let file = arguments.first, !file.hasPrefix("-") else {
            throw Failure(description: "falta el fichero de la copia: adivina backup FICHERO [--data-dir DIR]")
        }
        let configuration = try Configuration.parse(Array(arguments.dropFirst()), environment: environment)
            ?? Configuration(environment: environment)
        let source = configuration.dataDirectory.appendingPathComponent(Store.fileName).standardizedFileURL.path
        let destination = URL(fileURLWithPath: file).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: source) else {
            throw Failure(description: "no hay base de datos en \(source): no hay nada que copiar")
        }
        guard destination != source else {
            throw Failure(description: "la copia no puede ser la misma base de datos (\(source))")
        }
        try Store(path: source).backup(to: destination)
        return "Copia de \(source) guardada en \(destination)."
    }
}
