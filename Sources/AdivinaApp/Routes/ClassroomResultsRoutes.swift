import Foundation
import HTTPServer
import Models

/// The results of the classroom rounds under `/api/classroom/rounds` (classroom mode only; kept
/// by `RoundResultsStore`, the round's recorder; figures in `RoundReport`, the file in
/// `RoundResultsCSV`). Host only (`X-Host-Key` or the host cookie: 401 without, 403 wrong):
///
/// - `GET rounds` → `[{"id","game","set","startedAt","endedAt","players"}]`, the latest first
///   (ISO 8601 dates, `endedAt` null for a round that never ended, `set` the set's id or null,
///   `players` a count);
/// - `GET rounds/{id}` → `{"round":{…as above},"questions":[{"number","question","answered","right",
///   "percentRight","wrongAnswers":[{"text","count","right":false}]}],"players":[{"id","name","answered","asked","right","points"}]}`;
/// - `GET rounds/{id}/results.csv` → the round as a CSV download (UTF-8 with a BOM);
/// - `GET rounds/{id}/results.xlsx` → the round as an Excel/LibreOffice workbook (`RoundResultsWorkbook`).
///
/// 503 when the app keeps no database; 404 for an unknown round.
enum ClassroomResultsRoutes {
    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.get("/api/classroom/rounds") { (context: HostContext) in
            try await results(context).list()
        }
        api.get("/api/classroom/rounds/:id") { (context: HostContext) in
            let id = try context.request.idParameter()
            return try await results(context).report(id)
        }
        api.addResponding(.get, "/api/classroom/rounds/:id/results.csv") { (context: HostContext) in
            let id = try context.request.idParameter()
            let record = try await results(context).record(id)
            return .attachment(RoundResultsCSV.bytes(record), type: "text/csv; charset=utf-8", name: "resultados-ronda-\(id).csv")
        }
        api.addResponding(.get, "/api/classroom/rounds/:id/results.xlsx") { (context: HostContext) in
            let id = try context.request.idParameter()
            let record = try await results(context).record(id)
            return .attachment(RoundResultsWorkbook.bytes(record), type: RoundResultsWorkbook.mimeType, name: "resultados-ronda-\(id).xlsx")
        }
    }

    /// The session's results (503 when the app keeps no database).
    private static func results(_ context: HostContext) throws -> RoundResultsStore {
        guard let results = context.session.results else {
            throw HTTPError(.serviceUnavailable, message: "Sin base de datos no se guardan los resultados de las rondas.")
        }
        return results
    }
}
