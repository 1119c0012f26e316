/// The letters of Greek and Cyrillic (and a few of Latin and the digits) that pass for another
/// letter (and Cherokee capitals, small capitals, slashed O) in the fonts a projector shows, each with the Latin letter it passes for: a small table
/// in the spirit of Unicode's UTS #39 confusables, enough to keep a student from taking a
/// classmate's name with a letter of another script. Case matters: Greek `Η` passes for `H`,
/// `η` for `n`; every letter that passes for a capital I passes for a small l, as I does.
enum Confusables {
    /// The letter `scalar` passes for, or nil when it is its own.
    static func prototype(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        table[scalar.value].flatMap(Unicode.Scalar.init)
    }

    private static let table: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        for (letters, prototypes) in pairs {
            for (letter, prototype) in zip(letters.unicodeScalars, prototypes.unicodeScalars) {
                table[letter.value] = prototype.value
            }
        }
        return table
    }()

    /// Look-alikes and the Latin letters they pass for, position by position.
    private static let pairs: [(String, String)] = [
        // Cyrillic capitals: А В Е Ѕ І Ј К М Н О Р С Т У Х Ү Ӏ Ԛ Ԝ
        ("АВЕЅІЈКМНОРСТУХҮӀԚԜ", "ABESlJKMHOPCTYXYlQW"),
        // Cyrillic small: а е ѕ і ј о р с у х ү ԁ һ ӏ ԛ ԝ ѵ к м
        ("аеѕіјорсухүԁһӏԛԝѵкм", "aesijopcyxydhlqwvkm"),
        // Greek capitals: Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ Ϲ Ϳ
        ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿ", "ABEZHlKMNOPTYXCJ"),
        // Greek small: α ο ρ ι κ ν υ χ ϲ ϳ γ ε η ω
        ("αορικνυχϲϳγεηω", "aopikvuxcjyenw"),
        // Latin look-alikes: dotless ı, dotless ȷ, ɑ, ɡ, ɩ, ʏ, ℓ, and capital I for l
        ("ıȷɑɡɩʏℓI", "ijagiyll"),
        // Cherokee capitals: Ꭺ Ᏼ Ꮯ Ꭰ Ꭼ Ꮐ Ꮋ Ꭻ Ꮶ Ꮮ Ꮇ Ꮲ Ꮪ Ꭲ Ꮩ Ꮃ Ꮓ
        ("ᎪᏴᏟᎠᎬᏀᎻᎫᏦᏞᎷᏢᏚᎢᏙᏔᏃ", "ABCDEGHJKLMPSTVWZ"),
        // Small capitals, taken as the small letter: ᴀ ʙ ᴄ ᴅ ᴇ ɢ ʜ ɪ ᴊ ᴋ ʟ ᴍ ɴ ᴏ ᴘ ʀ ꜱ ᴛ ᴜ ᴠ ᴡ ᴢ
        ("ᴀʙᴄᴅᴇɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡᴢ", "abcdeghljklmnoprstuvwz"),
        // Slashed O, which decomposes to nothing: Ø ø
        ("Øø", "Oo"),
        // Digits that pass for letters
        ("01", "Ol"),
    ]
}
