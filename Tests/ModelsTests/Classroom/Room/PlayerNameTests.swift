import Foundation
import Testing

@testable import Models

@Suite("PlayerName: what a classroom name may be, and when two names are the same")
struct PlayerNameTests {
    @Test(arguments: [
        ("Ana", "Ana"),
        ("  Ana   María ", "Ana María"),
        ("Jose\u{0301}", "José"),
        ("Nguyễn Văn An", "Nguyễn Văn An"),
        ("李小龙", "李小龙"),
        ("محمد", "محمد"),
        ("Ελένη", "Ελένη"),
        ("Анна", "Анна"),
        ("สมชาย", "สมชาย"),
        ("प्रिया", "प्रिया"),
        ("O'Brien", "O'Brien"),
        ("<b>Eva</b>", "<b>Eva</b>"),
        ("Ana 🦊", "Ana 🦊"),
        ("👩‍🎓 Marta", "👩‍🎓 Marta"),
        ("❤️ Leo", "❤️ Leo"),
        ("1️⃣ Equipo", "1️⃣ Equipo"),
        ("Familia 👨‍👩‍👧‍👦", "Familia 👨‍👩‍👧‍👦"),
        ("Escocia 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Escocia 🏴󠁧󠁢󠁳󠁣󠁴󠁿"),
        ("R2D2", "R2D2"),
    ])
    func accepted(_ name: String, _ kept: String) throws {
        #expect(try PlayerName.normalized(name) == kept)
    }

    @Test(arguments: [
        ("", "Escribe tu nombre para unirte a la clase."),
        (" \n\t ", "Escribe tu nombre para unirte a la clase."),
        ("Ana\u{0007}", "El nombre no puede llevar caracteres de control."),
        ("Ana\u{200B}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{034F}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{200D}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{FE0F}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{202E}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{2060}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{00AD}", "El nombre no puede llevar caracteres invisibles."),
        ("\u{3164}", "El nombre no puede llevar caracteres invisibles."),
        ("\u{3164}\u{3164} Ana", "El nombre no puede llevar caracteres invisibles."),
        ("\u{2800}\u{2800}", "El nombre no puede llevar caracteres invisibles."),
        ("Ana\u{2800}", "El nombre no puede llevar caracteres invisibles."),
        ("🦊🦊", "El nombre necesita al menos una letra o un número."),
        ("...", "El nombre necesita al menos una letra o un número."),
        ("— ★ —", "El nombre necesita al menos una letra o un número."),
        ("a\u{0301}\u{0302}\u{0303}", "El nombre lleva demasiados acentos o signos sobre una misma letra."),
        ("Z\u{0351}\u{0352}\u{0353}\u{0354}\u{0355}algo", "El nombre lleva demasiados acentos o signos sobre una misma letra."),
        ("Pablo\u{FFF9}", "El nombre no puede llevar caracteres invisibles, privados o sin asignar."),
        ("Pablo\u{FFFB}", "El nombre no puede llevar caracteres invisibles, privados o sin asignar."),
        ("Ana\u{0600}", "El nombre no puede llevar caracteres invisibles, privados o sin asignar."),
        ("Ana\u{E000}", "El nombre no puede llevar caracteres invisibles, privados o sin asignar."),
        ("Ana\u{F0000}", "El nombre no puede llevar caracteres invisibles, privados o sin asignar."),
        ("Ana\u{0378}", "El nombre no puede llevar caracteres invisibles, privados o sin asignar."),
        ("Ana 𐀀", "El proyector no puede dibujar algún carácter de ese nombre: escríbelo con letras más comunes."),
        ("𓀀 Ana", "El proyector no puede dibujar algún carácter de ese nombre: escríbelo con letras más comunes."),
        ("ⵜⴰⵎⴰⵣⵉⵖⵜ", "El proyector no puede dibujar algún carácter de ese nombre: escríbelo con letras más comunes."),
        ("Ana 🫨", "El proyector no puede dibujar algún carácter de ese nombre: escríbelo con letras más comunes."),
        (String(repeating: "ñ", count: 25), "El nombre puede tener como mucho 24 caracteres."),
        ("A" + String(repeating: "👨‍👩‍👧‍👦", count: 8), "El nombre puede tener como mucho 24 caracteres."),
    ])
    func refused(_ name: String, _ reason: String) {
        #expect(throws: ModelError.invalid(reason)) { try PlayerName.normalized(name) }
    }

    @Test func lengthCountsWhatAReaderCountsAndBytesToo() throws {
        let letters = String(repeating: "ñ", count: 24)
        #expect(try PlayerName.normalized(letters) == letters)
        let marked = String(repeating: "a\u{0301}\u{0323}", count: 24)
        #expect(try PlayerName.normalized(marked).count == 24, "two marks a letter are fine")
        #expect(try PlayerName.normalized("A" + String(repeating: "👨‍👩‍👧‍👦", count: 7)).utf8.count == 176)
    }

    @Test(arguments: [
        ("Ana", "ana"), ("Ana", "ＡＮＡ"), ("Ana", "Aná"), ("Ana", "\u{0410}na"), ("ana", "\u{0430}n\u{0430}"),
        ("Inés", "lnés"), ("Ines", "\u{0406}nes"), ("Helen", "\u{0397}\u{0395}LEN"), ("Bob", "B0b"),
        ("Nick", "\u{03B7}ick"), ("Pepe", "\u{0420}\u{0435}\u{0440}\u{0435}"), ("Coco", "\u{0421}\u{043E}\u{0441}\u{043E}"),
        ("Óscar", "Oscar"),
        // Issue 36's look-alikes: compatibility forms (NFKC), Cherokee, small capitals, slashed O.
        ("Ana", "𝐀𝐧𝐚"), ("Ana", "Ꭺna"), ("Ana", "ᴀna"), ("Oscar", "Øscar"), ("Pablo", "Pabⅼo"), ("Pablo", "ℙablo"),
        ("Pablo", "PabᏞo"),
    ])
    func lookAlikesAreTheSameName(_ a: String, _ b: String) throws {
        #expect(PlayerName.same(a, try PlayerName.normalized(b)))
        #expect(PlayerName.same(try PlayerName.normalized(b), a))
    }

    @Test(arguments: [("Ana", "Ama"), ("Ana", "Anna"), ("Eva", "Eve"), ("Анна", "Ana"), ("Luis", "Luisa"), ("Ana 🦊", "Ana 🐱")])
    func differentNamesAreNotTheSame(_ a: String, _ b: String) {
        #expect(!PlayerName.same(a, b))
    }
}
