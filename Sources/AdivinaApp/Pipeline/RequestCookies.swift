import Foundation
import HTTPServer

/// Reading a request's cookies and writing the app's session cookies.
extension HTTPRequest {
    /// The value of the cookie `name` in the `Cookie` header(s), or nil.
    func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}

/// The session cookies. `secure` (the request came over HTTPS, `ClientAddresses.cameOverHTTPS`)
/// adds `Secure`: the browser then never sends the cookie over plain HTTP, where anyone on the
/// classroom's network could read it. Over plain HTTP it must be absent, or the browser would
/// refuse the cookie.
extension HTTPResponse {
    /// Adds a `Set-Cookie` for `name=value` that scripts cannot read (HttpOnly) and other sites
    /// never send (SameSite=Strict), valid under `path`; `Secure` when `secure`.
    mutating func setSessionCookie(_ name: String, _ value: String, path: String = "/", secure: Bool) {
        setCookie("\(name)=\(value); Path=\(path); HttpOnly; SameSite=Strict; Max-Age=86400", secure: secure)
    }

    /// Adds a `Set-Cookie` for `name=value` that the pages' scripts may read (not HttpOnly, so
    /// never a secret), other sites never send (SameSite=Strict), valid under `path`; `Secure`
    /// when `secure`.
    mutating func setMarkerCookie(_ name: String, _ value: String, path: String = "/", secure: Bool) {
        setCookie("\(name)=\(value); Path=\(path); SameSite=Strict; Max-Age=86400", secure: secure)
    }

    /// Adds a `Set-Cookie` that makes the browser forget the cookie `name` under `path`.
    mutating func expireCookie(_ name: String, path: String = "/", secure: Bool) {
        setCookie("\(name)=; Path=\(path); SameSite=Strict; Max-Age=0", secure: secure)
    }

    private mutating func setCookie(_ cookie: String, secure: Bool) {
        headers.add(name: "Set-Cookie", value: secure ? cookie + "; Secure" : cookie)
    }
}
