/// Content-Security-Policy headers for pages served by `StaticFiles`.
extension HTTPHeaders {
    /// A strict policy for pages that load everything from their own origin: scripts, styles,
    /// connections, frames and workers only from `'self'` (no inline script or style), no
    /// plugins, no `<base>`, no form submissions, and no other site may frame them
    /// (`frame-ancestors 'none'`, against clickjacking). Images may come from `'self'`, `data:` and
    /// `images` (e.g. `["http:", "https:"]` for pictures that remote services link to).
    public static func sameOriginPagePolicy(images: [String] = []) -> HTTPHeaders {
        let imageSources = (["'self'", "data:"] + images).joined(separator: " ")
        return [
            "Content-Security-Policy":
                "default-src 'self'; script-src 'self'; style-src 'self'; img-src \(imageSources); "
                + "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ]
    }
}
