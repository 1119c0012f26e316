/// The one rule for control characters in what people send: none but tab and newline (Unicode's
/// Cc: C0 less those two, DEL, C1). The API's pipeline refuses a body with one
/// (`AdivinaApp`'s `ControlCharacters`); a bank's import drops them with a note
/// (`QuestionBanks`' `ImportControlCharacters`, which also drops U+FFFE and U+FFFF).
public enum ControlCharacterRule {
    /// Whether the scalar `value` is a control character the app refuses.
    public static func isRefused(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
    }
}
