/// The request methods the server knows (RFC 9110 §9). A syntactically valid method outside this
/// list is answered with 501 Not Implemented.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"
    case options = "OPTIONS"
    case trace = "TRACE"
    case connect = "CONNECT"

    /// Recognises a method token (case-sensitive, as RFC 9110 requires) without building a String.
    static func recognise(_ token: UnsafeBufferPointer<UInt8>) -> HTTPMethod? {
        func matches(_ literal: StaticString) -> Bool {
            guard literal.utf8CodeUnitCount == token.count else { return false }
            let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return bytes.elementsEqual(token)
        }
        switch token.count {
        case 3: return matches("GET") ? .get : matches("PUT") ? .put : nil
        case 4: return matches("POST") ? .post : matches("HEAD") ? .head : nil
        case 5: return matches("PATCH") ? .patch : matches("TRACE") ? .trace : nil
        case 6: return matches("DELETE") ? .delete : nil
        case 7: return matches("OPTIONS") ? .options : matches("CONNECT") ? .connect : nil
        default: return nil
        }
    }
}
