/// Why the local database could not do what was asked, with a Spanish message for the user.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data directory does not exist and cannot be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite cannot open (or set up) the database file.
    case cannotOpen(path: String, reason: String)
    /// The data folder cannot be written (read-only, full, not ours): nothing would be kept.
    case cannotWrite(path: String, reason: String)
    /// The database file is there but cannot be read (not a database, damaged, no permission):
    /// the app must not start empty over it.
    case cannotRead(path: String, reason: String)
    /// Another process kept the database locked for longer than the busy timeout.
    case busy
    /// The file was written by a newer Adivina whose schema this one does not know.
    case schemaTooNew(found: Int, supported: Int)
    /// Any other SQLite failure: its (extended) result code and message.
    case sqlite(code: Int32, message: String)

    /// What to tell the user, in Spanish.
    public var userMessage: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "No se puede crear la carpeta de datos \(path): \(reason)."
        case .cannotOpen(let path, let reason):
            return "No se puede abrir la base de datos \(path): \(reason)."
        case .cannotWrite(let path, let reason):
            return "No se puede escribir en la carpeta de datos \(path): \(reason). Adivina no arranca, porque no "
                + "guardaría nada de lo que pase en clase. Libera espacio, da permiso de escritura o elige otra carpeta "
                + "con --data-dir."
        case .cannotRead(let path, let reason):
            return "No se puede leer la base de datos \(path) (\(reason)). Adivina no arranca para no "
                + "empezar vacía encima de tus datos. Para recuperar una copia de seguridad (la que hace "
                + "«adivina backup FICHERO», o una copia de adivina.sqlite): copia ese fichero en \(path), borra "
                + "\(path)-wal y \(path)-shm si están, y arranca otra vez. Sin copia, mueve el fichero a otra "
                + "carpeta y Adivina empezará con una base de datos nueva."
        case .busy:
            return "La base de datos está ocupada por otro proceso. Vuelve a intentarlo."
        case .schemaTooNew(let found, let supported):
            return "La base de datos es de una versión más nueva de Adivina (esquema \(found), "
                + "esta versión conoce hasta el \(supported))."
        case .sqlite(let code, let message):
            return "Error de la base de datos (\(code)): \(message)."
        }
    }

    /// The same as `userMessage` (what `adivina` prints when it cannot start).
    public var description: String { userMessage }

    /// The cause alone, for a message that says more around it.
    var reason: String {
        switch self {
        case .cannotCreateDirectory(_, let reason), .cannotOpen(_, let reason), .cannotRead(_, let reason),
             .cannotWrite(_, let reason): reason
        case .sqlite(_, let message): message
        default: userMessage
        }
    }
}
