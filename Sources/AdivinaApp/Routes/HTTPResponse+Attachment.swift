import HTTPServer

extension HTTPResponse {
    /// `bytes` as a file download called `name` (ASCII) of MIME type `type`: never cached (a
    /// host's results and sets are theirs only) nor sniffed as another type.
    static func attachment(_ bytes: [UInt8], type: String, name: String) -> HTTPResponse {
        var response = HTTPResponse(status: .ok, headers: ["Content-Type": type], body: bytes)
        response.headers.replaceOrAdd(name: "Content-Disposition", value: "attachment; filename=\"\(name)\"")
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return response
    }
}
