import Foundation
import TestSupport

/// A fresh empty directory under the system's temporary directory.
func makeTemporaryDirectory() throws -> URL {
    let directory = TestFiles.scratch("standins")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// A JSON body parsed as a plain JSON value.
func jsonValue(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
}
