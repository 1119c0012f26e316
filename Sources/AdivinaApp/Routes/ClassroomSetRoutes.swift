import Foundation
import HTTPServer
import Models
import QuestionBanks

/// The host's own quiz sets under `/api/classroom/sets` (classroom mode only; rules and limits in
/// `QuizSet`, storage in `QuizSetStore`). Host only (`X-Host-Key` or the host cookie: 401
/// without, 403 wrong), except the uploaded images, which players must see in the round:
///
/// - `GET sets` → `[{"id","title","count"}]`, the most recently changed first;
/// - `POST sets {"title","quizzes":[SetQuiz]}` → 201 `{"id"}` (quizzes of any kind: `SetQuiz`'s
///   JSON, `kind` absent is `text` `{"question","answer","alternatives"?,"image"?}`);
/// - `GET sets/{id}` → `{"id","title","quizzes":[…]}`; `PUT sets/{id}` (same body as POST) →
///   `{"id"}`; `DELETE sets/{id}` → `{"ok":true}`;
/// - `POST sets/{id}/duplicate` → 201 `{"id"}` of the copy («… (copia)»);
/// - `POST sets/import?title=T&format=F` with a question bank as the body (`SetImport`: a course
///   `quizzes.json`, GIFT, Aiken or Moodle XML; `format` one of `quizzes-json`, `gift`, `aiken`,
///   `moodle-xml`, recognised from the content when absent; ≤ 2 MB; any `Content-Type`: the
///   file is read as the text it is, off the sets' queue; a title already used gets « (2)») → 201
///   `{"id","count","skipped","notes":[{"name","reason"}]}`; 400 with the reasons when nothing in
///   it can be played;
/// - `GET sets/{id}/quizzes.json` → the set in the course's current shape, as a download;
///   `GET sets/{id}/export.gift` and `export.xml` → the set for Moodle (`GIFTWriter`,
///   `MoodleXMLWriter`);
/// - `POST images {"data":"<base64>"}` → 201 `{"url"}`: a PNG, JPEG, GIF or WebP (by its magic
///   bytes) of at most 1 MB, kept in the database; `GET images/{name}` serves it (anyone: the
///   name is random and unguessable).
///
/// The database work runs on a serial queue of its own, never on Swift's cooperative pool.
enum ClassroomSetRoutes {
    private struct Created: Encodable, Sendable { var id: Int }
    private struct Imported: Encodable, Sendable {
        var id: Int
        var count: Int
        var skipped: Int
        var notes: [ImportNote]
    }
    private struct ImageBody: Decodable, Sendable { var data: String }
    private struct Uploaded: Encodable, Sendable { var url: String }

    /// The largest set body (`QuizSet.maxQuizzes` quizzes with long texts and image URLs).
    static let setBodyLimit = 1_048_576
    /// The largest imported file: the course's real files are under 100 KB.
    static let importBodyLimit = 2 * 1_048_576
    /// The largest upload: `SetImage.maxSize` in base64, and the JSON around it.
    static let imageBodyLimit = SetImage.maxSize / 3 * 4 + 4 * 1024

    private static let queue = DispatchQueue(label: "adivina.classroom-sets")
    /// Where imported files are read, off `queue`.
    private static let importQueue = DispatchQueue(label: "adivina.classroom-set-import")

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.get("/api/classroom/sets") { (context: HostContext) in
            try await sets(context) { try $0.list() }
        }
        api.addResponding(.post, "/api/classroom/sets", body: QuizSet.self, bodyLimit: setBodyLimit) { (context: HostContext, body) in
            try .json(Created(id: try await sets(context) { try $0.create(body) }), status: .created)
        }
        api.get("/api/classroom/sets/:id") { (context: HostContext) in
            let id = try context.request.idParameter()
            return try await sets(context) { try $0.get(id) }
        }
        api.put("/api/classroom/sets/:id", body: QuizSet.self, bodyLimit: setBodyLimit) { (context: HostContext, body) in
            let id = try context.request.idParameter()
            try await sets(context) { try $0.update(id, with: body) }
            return Created(id: id)
        }
        api.add(.delete, "/api/classroom/sets/:id") { (context: HostContext) in
            let id = try context.request.idParameter()
            try await sets(context) { try $0.delete(id) }
            return Done()
        }
        api.addResponding(.post, "/api/classroom/sets/:id/duplicate") { (context: HostContext) in
            let id = try context.request.idParameter()
            return try .json(Created(id: try await sets(context) { try $0.duplicate(id) }), status: .created)
        }
        api.addResponding(.post, "/api/classroom/sets/import", bodyLimit: importBodyLimit, fileBody: true) { (context: HostContext) in
            let title = context.request.query("title") ?? ""
            let format = try importFormat(context.request.query("format"))
            let data = Data(context.request.body)
            // Read on a queue of its own: a large bank never holds the sets' queue, which a
            // round's start waits on.
            let prepared = try await importQueue.run { try SetImport.read(data, title: title, format: format) }
            let made = try await sets(context) { store in
                var set = try prepared.set { (image: SetImage) throws(ModelError) in try store.addImage(image) }
                set.title = SetImport.unusedTitle(set.title, among: Set(try store.list().map(\.title)))
                return Imported(id: try store.create(set), count: set.quizzes.count, skipped: prepared.skipped, notes: prepared.notes)
            }
            return try .json(made, status: .created)
        }
        api.addResponding(.get, "/api/classroom/sets/:id/quizzes.json") { (context: HostContext) in
            let id = try context.request.idParameter()
            let base = context.session.joinURL
            let file = try await sets(context) { QuizSetFile.export(try $0.get(id), imageBase: base) }
            return .attachment(Array(file), type: "application/json", name: "quizzes.json")
        }
        api.addResponding(.get, "/api/classroom/sets/:id/export.gift") { (context: HostContext) in
            let id = try context.request.idParameter()
            let base = context.session.joinURL
            let text = try await sets(context) { GIFTWriter.write(try $0.get(id), imageBase: base) }
            return .attachment(Array(text.utf8), type: "text/plain; charset=utf-8", name: "preguntas-\(id).gift")
        }
        api.addResponding(.get, "/api/classroom/sets/:id/export.xml") { (context: HostContext) in
            let id = try context.request.idParameter()
            let base = context.session.joinURL
            let text = try await sets(context) { store in
                try MoodleXMLWriter.write(try store.get(id), imageBase: base) { name throws(StoreError) in try store.image(named: name) }
            }
            return .attachment(Array(text.utf8), type: "application/xml; charset=utf-8", name: "preguntas-\(id).xml")
        }
        addImages(to: &api)
    }

    private static func addImages(to api: inout APIRouter) {
        api.addResponding(.post, "/api/classroom/images", body: ImageBody.self, bodyLimit: imageBodyLimit) { (context: HostContext, body) in
            guard let bytes = Data(base64Encoded: body.data, options: .ignoreUnknownCharacters) else {
                throw APIError.badBody("La imagen no está en base64.")
            }
            let image = try SetImage(bytes: Array(bytes))
            return try .json(Uploaded(url: try await sets(context) { try $0.addImage(image) }), status: .created)
        }
        api.addResponding(.get, "/api/classroom/images/:name", access: .everyone) { (context: ClassroomContext) in
            let name = context.request.parameters["name"] ?? ""
            guard let sets = context.session.sets,
                  let image = try await queue.run({ try sets.image(named: name) })
            else { throw HTTPError(.notFound, message: "No existe esa imagen.") }
            var response = HTTPResponse(status: .ok, headers: ["Content-Type": image.mime], body: image.bytes)
            response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
            response.headers.replaceOrAdd(name: "Content-Security-Policy", value: "default-src 'none'; sandbox")
            // A name is never reused for other bytes.
            response.headers.replaceOrAdd(name: "Cache-Control", value: "private, max-age=31536000, immutable")
            return response
        }
    }

    /// The set `id` a round of `game` is to play: nil when no set is given (400 for a set with
    /// another game than quizzes, 404 for an unknown one).
    static func set(_ id: Int?, for game: ClassroomGame, _ context: HostContext) async throws -> QuizSet? {
        guard let id else { return nil }
        guard game == .quizzes else { throw APIError.badBody("Solo una ronda de «quizzes» puede jugar un conjunto de preguntas.") }
        return try await sets(context) { try $0.get(id) }
    }

    /// The import's `format`: nil when absent (recognised from the file), 400 when unknown.
    private static func importFormat(_ name: String?) throws -> SetImportFormat? {
        guard let name, !name.isEmpty else { return nil }
        guard let format = SetImportFormat(rawValue: name) else {
            let known = SetImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError.badBody("Formato desconocido «\(name)»: usa uno de \(known).")
        }
        return format
    }

    /// Runs `work` with the set store on the routes' queue (503 when the app keeps no database).
    private static func sets<Value: Sendable>(
        _ context: HostContext, _ work: @escaping @Sendable (QuizSetStore) throws -> Value
    ) async throws -> Value {
        guard let sets = context.session.sets else {
            throw HTTPError(.serviceUnavailable, message: "Sin base de datos no se pueden guardar conjuntos de preguntas.")
        }
        return try await queue.run { try work(sets) }
    }
}
