import Foundation
import Models

/// `adivina backup FILE [--data-dir DIR]`: writes one consistent copy of the data directory's
/// database to FILE with SQLite's online backup API, also while Adivina is running. The copy is
/// one plain file: to restore it, stop Adivina and copy it over `adivina.sqlite` (without the
/// old `-wal` and `-shm` beside it).
///
/// The copy never lands in the data folder: a destination that resolves (symbolic links
/// followed, in the file and in its folders) to the live database, its `-wal`, `-shm` or
/// `-journal`, or anywhere inside the data folder, is refused before anything is written. The
/// copy is written to `FILE.partial` beside the destination and renamed over it once complete.
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
        try checkOutside(configuration.dataDirectory, destination: destination, source: source)
        try Store(path: source).backup(to: destination)
        return "Copia de \(source) guardada en \(destination)."
    }

    /// Throws when `destination`, symbolic links resolved, is the data folder or inside it (the
    /// live database `source` and its `-wal`, `-shm`, `-journal` among what is there).
    static func checkOutside(_ dataDirectory: URL, destination: String, source: String) throws {
        let folder = resolved(dataDirectory.path)
        let target = resolved(destination)
        let live = [source, source + "-wal", source + "-shm", source + "-journal"].map(resolved)
        if live.contains(target) {
            throw Failure(description: "la copia no puede ir sobre la base de datos en uso ni sus ficheros (\(target)): elige un fichero fuera de \(folder)")
        }
        if target == folder || target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
            throw Failure(description: "la copia no puede ir dentro de la carpeta de datos (\(folder)): elige un fichero fuera de ella")
        }
    }

    /// `path` with every symbolic link resolved: the longest part that exists through
    /// `realpath`, the rest (not there yet) appended as it is.
    private static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        let real = SystemCalls.realPath(existing.path) ?? existing.path
        return rest.reduce(URL(fileURLWithPath: real)) { $0.appendingPathComponent($1) }.standardizedFileURL.path
    }
}
