import Foundation
import TestSupport
import Testing
@testable import StandIns

@Suite struct QuizFavouritesFileTests {
    @Test func aMissingFileHasNoFavourites() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = QuizFavouritesFile(url: directory.appendingPathComponent("favourites.json"))
        #expect(try file.load().isEmpty)
    }

    @Test func savedFavouritesLoadBackWithoutLeftovers() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = QuizFavouritesFile(url: directory.appendingPathComponent("nested/favourites.json"))
        try file.save(["alice": [3, 1], "bob": [], "carol": [7]])
        #expect(try file.load() == ["alice": [1, 3], "carol": [7]])
        try file.save(["alice": [2]])
        #expect(try file.load() == ["alice": [2]])
        let text = try String(contentsOf: file.url, encoding: .utf8)
        #expect(text == #"{"alice":[2]}"#)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path)
        #expect(names == ["favourites.json"])
    }

    @Test(arguments: ["not json", "[1,2]", #"{"alice":3}"#, #"{"alice":["x"]}"#])
    func aCorruptFileIsAnError(content: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("favourites.json")
        try TestFiles.write(Data(content.utf8), to: url)
        #expect(throws: QuizFavouritesFile.Failure.corrupt(path: url.path)) { try QuizFavouritesFile(url: url).load() }
    }

    @Test func anUnwritableDirectoryIsAnError() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("file")
        try TestFiles.write(Data(), to: blocker)
        let file = QuizFavouritesFile(url: blocker.appendingPathComponent("favourites.json"))
        #expect(throws: (any Error).self) { try file.save(["alice": [1]]) }
    }
}
