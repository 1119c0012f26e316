/// Whether a request's `Accept-Encoding` (RFC 9110 §12.5.3) lets the server answer with gzip.
///
/// gzip's weight is its own entry's `q` (`x-gzip` counts as `gzip`), else the `*` entry's; gzip
/// is chosen when that is above 0 and the client did not weigh identity higher (its `identity`
/// entry, else its `*` entry): as nginx and Apache, a plain `gzip;q=0.5` means gzip, although
/// identity is acceptable too. No `Accept-Encoding` field at all means identity: the RFC
/// allows any coding then, but clients that can decode gzip say so (browsers, `curl --compressed`).
/// Entries with a malformed `q` are ignored. When every coding is refused the server still sends
/// identity rather than a 406 (the RFC allows it; a page is better than an error).
enum AcceptEncoding {
    /// Whether the response to a request with these headers should be gzip.
    static func prefersGzip(_ headers: HTTPHeaders) -> Bool {
        let lines = headers.values(for: "Accept-Encoding")
        guard !lines.isEmpty else { return false }
        var gzip: Int?
        var identity: Int?
        var any: Int?
        for line in lines {
            for entry in line.split(separator: ",") {
                guard let (coding, weight) = parse(entry) else { continue }
                if coding.caseInsensitiveEquals("gzip") || coding.caseInsensitiveEquals("x-gzip") {
                    gzip = max(gzip ?? 0, weight)
                } else if coding.caseInsensitiveEquals("identity") {
                    identity = weight
                } else if coding == "*" {
                    any = weight
                }
            }
        }
        let gzipWeight = gzip ?? any ?? 0
        let identityWeight = identity ?? any ?? 0
        return gzipWeight > 0 && gzipWeight >= identityWeight
    }

    /// A coding and its weight in thousandths (`q=1` → 1000), or nil for an empty or malformed entry.
    static func parse(_ entry: Substring) -> (coding: Substring, weight: Int)? {
        var parameters = entry.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let coding = parameters.next()?.trimmingWhitespace(), !coding.isEmpty else { return nil }
        var weight = 1000
        while let parameter = parameters.next() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingWhitespace().caseInsensitiveEquals("q") else { continue }
            guard let parsed = qValue(pair[1].trimmingWhitespace()) else { return nil }
            weight = parsed
        }
        return (coding, weight)
    }

    /// RFC 9110 §12.4.2's `qvalue` (`0`, `0.5`, `1.000`…) in thousandths, or nil when malformed.
    private static func qValue(_ text: Substring) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        var thousandths = whole == "1" ? 1000 : 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.count <= 3, fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
            var digits = 0
            for (place, digit) in fraction.utf8.enumerated() {
                digits += Int(digit - UInt8(ascii: "0")) * [100, 10, 1][place]
            }
            guard whole == "0" || digits == 0 else { return nil }
            thousandths += digits
        }
        return thousandths
    }
}
