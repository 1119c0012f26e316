import Foundation
import Testing

@testable import Models

@Suite("Classroom: joining, host authorization, round flow, scoring, podium")
@MainActor
struct ClassroomTests {
    private let key = "host-key-for-tests"

    private func room(players names: [String] = [], maxPlayers: Int = 300) throws -> (Classroom, [ClassroomPlayer]) {
        let room = Classroom(hostKey: key, maxPlayers: maxPlayers)
        let players = try names.map { try room.join(name: $0) }
        return (room, players)
    }

    // MARK: Joining

    @Test func joiningGivesEachPlayerAnIDAndASecretToken() throws {
        let (room, players) = try room(players: ["Ana", "Bea"])
        #expect(players.map(\.id) == [1, 2])
        #expect(players[0].token.count == 32 && players[0].token != players[1].token)
        #expect(room.player(token: players[1].token)?.name == "Bea")
        #expect(room.player(token: "nope") == nil)
        #expect(room.player(id: 1)?.token == players[0].token)
        let json = String(decoding: room.snapshotJSON.value, as: UTF8.self)
        #expect(!json.contains(players[0].token), "the public state never holds a token")
        #expect(room.snapshot.value.playerCount == 2)
    }

    @Test func namesAreTrimmedAndUniqueWhateverTheCase() throws {
        let (room, _) = try room(players: ["  Ana   María "])
        #expect(room.players.first?.name == "Ana María")
        #expect(throws: ModelError.conflict("Ya hay alguien llamado «ana MARÍA» en la clase: elige otro nombre, o vuelve con tu código.")) {
            try room.join(name: "ana  MARÍA")
        }
        #expect(throws: ModelError.invalid("Escribe tu nombre para unirte a la clase.")) { try room.join(name: " \n ") }
        #expect(throws: ModelError.invalid("El nombre no puede llevar caracteres de control.")) {
            try room.join(name: "Ana\u{0007}")
        }
        #expect(throws: ModelError.invalid("El nombre puede tener como mucho 24 caracteres.")) {
            try room.join(name: String(repeating: "ñ", count: 25))
        }
        let markup = try room.join(name: "<b>Eva</b>")
        #expect(markup.name == "<b>Eva</b>", "markup is kept as text; pages show it as text")
        #expect(room.players.count == 2)
    }

    @Test func aFullRoomRefusesMorePlayers() throws {
        let (room, _) = try room(players: ["A", "B"], maxPlayers: 2)
        #expect(throws: ModelError.conflict("La clase está llena: ya hay 2 jugadores.")) { try room.join(name: "C") }
    }

    @Test func aKickedPlayersTokenStopsWorking() throws {
        let (room, players) = try room(players: ["Ana", "Bea"])
        try room.remove(playerID: 1, hostKey: key)
        #expect(room.player(token: players[0].token) == nil)
        #expect(room.player(token: players[1].token)?.id == 2)
        #expect(try room.join(name: "Ana").id == 3, "ids are never reused")
    }

    // MARK: Host authorization

    @Test func everyHostActionNeedsTheHostKey() throws {
        let (room, _) = try room(players: ["Ana"])
        let refused = ModelError.forbidden("Solo el profesor, con la clave de anfitrión, puede hacer esto.")
        #expect(throws: refused) { try room.pick(.trivia, hostKey: "wrong") }
        try room.pick(.trivia, hostKey: key)
        #expect(throws: refused) { try room.start(questionCount: 3, hostKey: "") }
        try room.start(questionCount: 3, hostKey: key)
        #expect(throws: refused) { try room.advance(hostKey: key + "x") }
        #expect(throws: refused) { try room.setSelfPaced(true, hostKey: "host-key-for-test") }
        #expect(throws: refused) { try room.end(savingTo: nil, hostKey: "HOST-KEY-FOR-TESTS") }
        #expect(throws: refused) { try room.remove(playerID: 1, hostKey: "x") }
        #expect(room.phase == .playing && room.currentQuestion == 1 && !room.selfPaced && room.players.count == 1)
        #expect(room.isHost(key) && !room.isHost(""))
    }

    // MARK: Round flow

    @Test func aRoundNeedsAGameAndCannotChangeItWhilePlaying() throws {
        let (room, _) = try room(players: ["Ana"])
        #expect(throws: ModelError.conflict("Elige primero el juego de la ronda.")) {
            try room.start(questionCount: 10, hostKey: key)
        }
        try room.pick(.quizzes, hostKey: key)
        try room.start(questionCount: 10, hostKey: key)
        #expect(throws: ModelError.conflict("Termina la ronda antes de cambiar de juego.")) {
            try room.pick(.trivia, hostKey: key)
        }
        #expect(throws: ModelError.conflict("Ya hay una ronda en marcha.")) { try room.start(questionCount: 10, hostKey: key) }
        let snapshot = room.snapshot.value
        #expect(snapshot.phase == .playing && snapshot.game == .quizzes && snapshot.question == 1 && snapshot.total == 10)
    }

    @Test func hostPacedEverybodyAnswersOnlyTheCurrentQuestion() throws {
        let (room, players) = try room(players: ["Ana", "Bea"])
        try room.pick(.trivia, hostKey: key)
        try room.start(questionCount: 3, hostKey: key)
        #expect(throws: ModelError.conflict("Espera: todavía vamos por la pregunta 1.")) {
            try room.record(playerID: players[0].id, number: 2, right: true)
        }
        try room.record(playerID: players[0].id, number: 1, right: true)
        var snapshot = room.snapshot.value
        #expect(snapshot.players.map(\.answered) == [true, false])
        #expect(snapshot.answeredCount == 1)
        #expect(try room.moveOn(hostKey: key) == 2)
        snapshot = room.snapshot.value
        #expect(snapshot.question == 2 && snapshot.answeredCount == 0, "a new question: nobody has answered it yet")
        #expect(throws: ModelError.conflict("La pregunta 1 ya está cerrada: vamos por la 2.")) {
            try room.record(playerID: players[1].id, number: 1, right: true)
        }
        try room.moveOn(hostKey: key)
        #expect(throws: ModelError.conflict("Ya es la última pregunta: termina la ronda.")) { try room.moveOn(hostKey: key) }
        #expect(throws: ModelError.invalid("La ronda no tiene pregunta 4.")) {
            try room.record(playerID: players[1].id, number: 4, right: true)
        }
    }

    @Test func selfPacedEachPlayerAnswersAnyQuestionOnce() throws {
        let (room, players) = try room(players: ["Ana", "Bea"])
        try room.pick(.quizzes, hostKey: key)
        try room.setSelfPaced(true, hostKey: key)
        try room.start(questionCount: 3, hostKey: key)
        for number in [3, 1, 2] { try room.record(playerID: players[1].id, number: number, right: number != 2) }
        try room.record(playerID: players[0].id, number: 2, right: true)
        let snapshot = room.snapshot.value
        #expect(snapshot.players.map(\.name) == ["Bea", "Ana"])
        #expect(snapshot.players.map(\.progress) == [3, 1])
        #expect(snapshot.players.map(\.answered) == [true, false], "self-paced: answered means every question")
        #expect(snapshot.question == 1)
    }

    @Test func aRightAnswerScoresOncePerQuestion() throws {
        let (room, players) = try room(players: ["Ana"])
        try room.pick(.trivia, hostKey: key)
        try room.start(questionCount: 2, hostKey: key)
        #expect(try room.record(playerID: players[0].id, number: 1, right: true).score == 1)
        #expect(throws: ModelError.conflict("Ya has respondido a esta pregunta.")) {
            try room.record(playerID: players[0].id, number: 1, right: true)
        }
        try room.moveOn(hostKey: key)
        #expect(try room.record(playerID: players[0].id, number: 2, right: false).score == 1)
        #expect(room.players.first?.score == 1)
        #expect(throws: ModelError.unknownItem(.player, id: 9)) { try room.record(playerID: 9, number: 2, right: true) }
    }

    @Test func answersAreRefusedOutsideARound() throws {
        let (room, players) = try room(players: ["Ana"])
        #expect(throws: ModelError.conflict("La ronda no está en marcha.")) {
            try room.record(playerID: players[0].id, number: 1, right: true)
        }
    }

    @Test func endingShowsThePodiumAndSavesEveryScoreInTheRanking() throws {
        let (room, players) = try room(players: ["Ana", "Bea", "Carla", "Dani", "Eva"])
        try room.pick(.trivia, hostKey: key)
        try room.setSelfPaced(true, hostKey: key)
        try room.start(questionCount: 3, hostKey: key)
        let rights = ["Ana": 1, "Bea": 3, "Carla": 2, "Dani": 2, "Eva": 0]
        for player in players {
            for number in 1...3 { try room.record(playerID: player.id, number: number, right: number <= rights[player.name, default: 0]) }
        }
        #expect(room.snapshot.value.podium.isEmpty, "no podium before the end")
        let ranking = Ranking(store: nil)
        let podium = try room.end(savingTo: ranking, hostKey: key)
        #expect(podium.map(\.name) == ["Bea", "Carla", "Dani"], "Ana is fourth: off the podium")
        #expect(podium.map(\.position) == [1, 2, 2], "ties share a place")
        #expect(room.phase == .finished && room.snapshot.value.podium == podium)
        #expect(ranking.entries.map(\.name).sorted() == ["Ana", "Bea", "Carla", "Dani", "Eva"])
        #expect(ranking.entries.first?.score == 3)
        #expect(throws: ModelError.conflict("No hay ninguna ronda en marcha.")) { try room.end(savingTo: ranking, hostKey: key) }

        try room.pick(.quizzes, hostKey: key)
        try room.start(questionCount: 10, hostKey: key)
        #expect(room.players.allSatisfy { $0.score == 0 && $0.answered.isEmpty }, "a new round starts from 0")
        #expect(room.snapshot.value.podium.isEmpty)
    }
}

@Suite("Classroom: the host closes the room to newcomers")
@MainActor
struct ClassroomLockTests {
    @Test func aClosedRoomRefusesNewPlayersAndOpensAgain() throws {
        let room = Classroom(hostKey: "k")
        _ = try room.join(name: "Ana")
        #expect(throws: ModelError.forbidden("Solo el profesor, con la clave de anfitrión, puede hacer esto.")) {
            try room.setLocked(true, hostKey: "x")
        }
        try room.setLocked(true, hostKey: "k")
        #expect(room.locked && room.snapshot.value.locked)
        #expect(throws: ModelError.forbidden("La clase está cerrada: el profesor no deja entrar a nadie más.")) {
            try room.join(name: "Bea")
        }
        try room.setLocked(false, hostKey: "k")
        #expect(try room.join(name: "Bea").id == 2)
        #expect(String(decoding: try #require(room.snapshot.value.patchJSON(from: ClassroomSnapshot(
            phase: .lobby, game: nil, question: 0, total: 0, selfPaced: false, locked: true, players: room.snapshot.value.players,
            podium: []))), as: UTF8.self).contains(#""locked":false"#), "the change reaches the pages as a patch")
    }
}
