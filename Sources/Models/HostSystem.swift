/// The seam of this module: which kind of system this build runs on. The only compile-time
/// platform choice in `Models`; what follows from it (the default data folder) is plain code
/// that takes a `HostSystem`, so CI on Linux runs the Mac's branch too.
///
/// (The remote clients' `import FoundationNetworking` is guarded by `#if canImport` where it
/// is used: on Linux URLSession lives there, on Apple's systems in Foundation.)
public enum HostSystem: Sendable, Hashable {
    /// Linux (glibc or musl).
    case linux
    /// macOS or iOS.
    case darwin

    /// The system this build runs on.
    public static var current: HostSystem {
        #if canImport(Darwin)
        .darwin
        #else
        .linux
        #endif
    }
}
