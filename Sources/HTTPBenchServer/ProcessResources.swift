import Foundation

/// This process's open file descriptors and resident memory, read from /proc (Linux).
struct ProcessResources {
    /// Entries in /proc/self/fd.
    var fileDescriptors: Int
    /// Resident set size in bytes (/proc/self/statm, second field, times the page size).
    var residentBytes: Int

    /// Reads both now.
    static func current() -> ProcessResources {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let residentPages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        return ProcessResources(fileDescriptors: descriptors, residentBytes: residentPages * Int(sysconf(Int32(_SC_PAGESIZE))))
    }
}
