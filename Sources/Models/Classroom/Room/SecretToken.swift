/// Random secrets (player session tokens, the host key) and their constant-time comparison.
public enum SecretToken {
    /// `bytes` bytes from the system's cryptographic generator (`getrandom` on Linux) as
    /// lowercase hex.
    public static func random(bytes: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        text.reserveCapacity(bytes * 2)
        let digits = Array("0123456789abcdef")
        for _ in 0..<bytes {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }

    /// Whether `given` equals `secret`, taking the same time whatever their first difference
    /// (the time depends only on the lengths).
    public static func matches(_ given: String, _ secret: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(secret.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    /// A short code a student can read off their screen and type: 5 letters and digits that
    /// cannot be mistaken for one another (a classroom player's rejoin code).
    static func rejoinCode() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<5).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
