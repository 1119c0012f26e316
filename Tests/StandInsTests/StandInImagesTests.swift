import Foundation
import TestSupport
import Testing
@testable import StandIns

@Suite struct StandInImagesTests {
    @Test func everyImageTheBundledQuizzesUseIsBundled() throws {
        let images = try StandInImages.bundled("quiz")
        let catalog = try QuizCatalog.bundled()
        var referenced: Set<String> = []
        for entry in catalog.entries {
            let item = try #require(try jsonValue(entry.json) as? [String: Any])
            let attachment = item["attachment"] as? [String: Any]
            let photo = (item["author"] as? [String: Any])?["photo"] as? [String: Any]
            for url in [attachment?["url"], photo?["url"]].compactMap({ $0 as? String }) {
                #expect(url.hasPrefix("images/"), "quiz \(entry.id): \(url)")
                referenced.insert(String(url.dropFirst("images/".count)))
            }
        }
        #expect(referenced.count >= 30)
        for path in referenced {
            #expect(images.svgByPath[path] != nil, "missing \(path)")
        }
        #expect(Set(images.svgByPath.keys) == referenced, "bundled images nobody uses")
    }

    @Test func bundledImagesAreTitledSVGDocuments() throws {
        let images = try StandInImages.bundled("quiz")
        for (path, data) in images.svgByPath {
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(path)")
            #expect(text.contains("viewBox=") && text.contains("<title>"), "\(path)")
            #expect(text.hasSuffix("</svg>\n"), "\(path)")
        }
    }

    @Test func loadsOnlySVGFilesWithTheirRelativePaths() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try TestFiles.write(Data("<svg/>".utf8), to: directory.appendingPathComponent("a/b/one.svg"))
        try TestFiles.write(Data("<svg/>".utf8), to: directory.appendingPathComponent("two.svg"))
        try TestFiles.write(Data("secret".utf8), to: directory.appendingPathComponent("notes.txt"))
        let images = try StandInImages(directory: directory)
        #expect(Set(images.svgByPath.keys) == ["a/b/one.svg", "two.svg"])
    }
}
