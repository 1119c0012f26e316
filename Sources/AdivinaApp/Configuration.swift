import Foundation
import HTTPServer
import Models

/// Everything `adivina` can be told on its command line, with the defaults of DESIGN.md.
///
/// Parsing is a pure function of the arguments and the environment so it can be unit-tested;
/// the executable turns a ``ConfigurationError`` into a message and exit status 64.
public struct Configuration: Sendable, Equatable {
    /// Address to bind; anything but loopback only when asked.
    public var host = "127.0.0.1"
    /// Port to listen on; 0 picks a free one (reported on the first line of output).
    public var port = 8080
    /// Where the SQLite database and the stand-ins' state live.
    public var dataDirectory: URL
    /// The static pages; `nil` means the `WebRoot/` of this package.
    public var webRoot: URL?
    /// Write one access-log line per request to standard error.
    public var accessLog = false
    /// Whether the stand-ins' test controls answer (`PUT`/`DELETE /standin/<app>/control/outage`):
    /// only with `--standin-controls`, which is for tests, on loopback and never in classroom
    /// mode (anyone on the network could switch a class's services off).
    public var standInControls = false
    /// The address of a reverse proxy the app trusts (`--trust-proxy ADDR`, e.g. `127.0.0.1`
    /// for nginx on the same machine): on connections from it, and only from it, the client's
    /// address is the last one the proxy adds to `X-Forwarded-For`, the proxy's public host
    /// (`X-Forwarded-Host`) counts as the app's own origin, and `X-Forwarded-Proto: https` makes
    /// the session cookies `Secure`.
    public var trustedProxy: String?
    /// Where students reach the app through a reverse proxy (`--public-url`, e.g.
    /// `https://aula.local/`): the join URL (printed, `/api/classroom/info`, the QR code) is
    /// `/clase/` there instead of at the app's own address. Always ends in `/`.
    public var publicURL: URL?
    /// Event loops (threads accepting and serving connections, `--loops N`); nil gives one per
    /// core (`HTTPServer.Configuration.defaultEventLoops`).
    public var loops: Int?
    /// Classroom mode: players join with a name, a host (with the printed key) runs rounds.
    public var classroom = false
    /// Make a new host key instead of the one kept in the data folder (`--new-host-key`).
    public var newHostKey = false
    /// A real quiz server to use instead of the built-in stand-in.
    public var quizServer: URL?
    /// The token for ``quizServer`` (never sent to the browser).
    public var quizToken: String?
    /// A `quizzes.json` for the quiz stand-in to serve instead of its bundled quizzes.
    public var quizData: URL?
    /// Practice 4.1's own mode: the Quizzes app plays every quiz of this `quizzes.json`,
    /// judged locally (no quiz server involved in that app).
    public var quizzesFile: URL?
    /// A real WordPress site for the news reader.
    public var newsServer: URL?
    /// Other servers for the exam apps.
    public var booksURL: URL?
    public var matchesURL: URL?
    public var moviesURL: URL?

    /// A configuration with every default, for the given environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        dataDirectory = Store.defaultDirectory(environment: environment)
    }

    /// The text `--help` prints.
    public static let usage = """
    Usage: adivina [options]
           adivina backup FILE [--data-dir DIR]

    Serves the Adivina apps at http://HOST:PORT/ (open it in a browser). With backup,
    writes one consistent copy of the database to FILE (also while Adivina runs).

    Options:
      --host HOST          address to listen on (default 127.0.0.1)
      --port PORT          port to listen on, 0 for any free port (default 8080)
      --data-dir DIR       where saved data lives (default on Linux $XDG_DATA_HOME/adivina
                           or ~/.local/share/adivina; on a Mac
                           ~/Library/Application Support/Adivina)
      --webroot DIR        the static pages (default: this package's WebRoot/)
      --access-log         log one line per request to standard error
      --loops N            event loops serving connections, 1 to 16 (default: one per
                           core)
      --classroom          classroom mode: students join at the printed URL, the host
                           (with the printed host key) runs rounds and a live leaderboard
      --new-host-key       with --classroom: a new host key instead of the one kept in
                           the data folder (the old one stops working)
      --quiz-server URL    a real quiz server instead of the built-in stand-in
      --quiz-token TOKEN   the token for --quiz-server
      --quiz-data FILE     a quizzes.json for the built-in quiz stand-in to serve: the
                           apps still ask the stand-in (10 at random, one at a time)
      --quizzes-file FILE  practice 4.1: the Quizzes app lists every quiz of FILE, in
                           its order, and judges the answers itself (no quiz server);
                           the record and favourites are kept for that file
      --news-server URL    a real WordPress site for the news reader
      --books-url URL      the books JSON to download instead of the stand-in's
      --matches-url URL    the matches server instead of the stand-in
      --movies-url URL     the movies JSON to download instead of the stand-in's
      --trust-proxy ADDR   behind a reverse proxy (nginx…) at the IP address ADDR: on
                           its connections, take the client's address from
                           X-Forwarded-For, the public host from X-Forwarded-Host
                           and HTTPS from X-Forwarded-Proto (cookies become Secure)
      --public-url URL     the address students open through the proxy, e.g.
                           https://aula.local/ (the join URL and its QR code use it)
      --standin-controls   for tests: lets PUT/DELETE /standin/<app>/control/outage
                           switch a stand-in off and on (loopback only, not with
                           --classroom)
      --help               show this help
    """

    /// Parses the arguments after the program name. Returns `nil` for `--help`.
    public static func parse(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigurationError) -> Configuration? {
        var configuration = Configuration(environment: environment)
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { return nil }
            if flag == "--access-log" { configuration.accessLog = true; continue }
            if flag == "--classroom" { configuration.classroom = true; continue }
            if flag == "--new-host-key" { configuration.newHostKey = true; continue }
            if flag == "--standin-controls" { configuration.standInControls = true; continue }
            var name = flag
            var inlineValue: String?
            if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
                name = String(flag[..<equals])
                inlineValue = String(flag[flag.index(after: equals)...])
            }
            guard knownValueFlags.contains(name) else { throw .unknownOption(flag) }
            guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty else {
                throw .missingValue(name)
            }
            try configuration.apply(name, value)
        }
        if configuration.quizToken != nil && configuration.quizServer == nil {
            throw .invalidValue("--quiz-token", "only makes sense with --quiz-server")
        }
        if configuration.quizServer != nil && configuration.quizToken == nil {
            throw .missingValue("--quiz-token")
        }
        if configuration.quizzesFile != nil && configuration.classroom {
            // A round is ten quizzes of the quiz server, judged by it, the same for every player.
            throw .invalidValue("--quizzes-file", "cannot be used with --classroom (a round's quizzes come from the quiz server)")
        }
        if configuration.newHostKey && !configuration.classroom {
            throw .invalidValue("--new-host-key", "only makes sense with --classroom")
        }
        if configuration.standInControls && (configuration.classroom || !configuration.listensOnLoopbackOnly) {
            throw .invalidValue("--standin-controls", "is for tests: only on loopback, never with --classroom")
        }
        return configuration
    }

    /// Whether `host` is a loopback address or name, reachable from this machine only.
    var listensOnLoopbackOnly: Bool {
        ["localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    private static let knownValueFlags: Set<String> = [
        "--host", "--port", "--data-dir", "--webroot", "--quiz-server", "--quiz-token",
        "--quiz-data", "--quizzes-file", "--news-server", "--books-url", "--matches-url", "--movies-url",
        "--trust-proxy", "--public-url", "--loops",
    ]

    private mutating func apply(_ name: String, _ value: String) throws(ConfigurationError) {
        switch name {
        case "--host": host = value
        case "--port":
            guard let number = Int(value), (0...65535).contains(number) else {
                throw .invalidValue(name, "must be a number from 0 to 65535")
            }
            port = number
        case "--loops":
            guard let number = Int(value), (1...HTTPServer.Configuration.maxEventLoops).contains(number) else {
                throw .invalidValue(name, "must be a number from 1 to \(HTTPServer.Configuration.maxEventLoops)")
            }
            loops = number
        case "--data-dir": dataDirectory = Configuration.fileURL(value)
        case "--webroot": webRoot = Configuration.fileURL(value)
        case "--quiz-data": quizData = Configuration.fileURL(value)
        case "--quizzes-file": quizzesFile = Configuration.fileURL(value)
        case "--quiz-token": quizToken = value
        case "--quiz-server": quizServer = try Configuration.httpURL(name, value)
        case "--news-server": newsServer = try Configuration.httpURL(name, value)
        case "--books-url": booksURL = try Configuration.httpURL(name, value)
        case "--matches-url": matchesURL = try Configuration.httpURL(name, value)
        case "--movies-url": moviesURL = try Configuration.httpURL(name, value)
        case "--trust-proxy":
            guard ClientAddresses.isIPAddress(value) else {
                throw .invalidValue(name, "must be the proxy's IP address, e.g. 127.0.0.1")
            }
            trustedProxy = value
        case "--public-url": publicURL = try Configuration.publicRoot(name, value)
        default: throw .unknownOption(name)
        }
    }

    /// Checks that the files the flags name can be used: `--quizzes-file` must be a readable
    /// list with at least one quiz that can be played. `AdivinaServer` runs it once, as it is made,
    /// so no caller serves an unplayable file (`adivina` then exits 64).
    public func checkFiles() throws(ConfigurationError) {
        guard let file = quizzesFile else { return }
        do {
            _ = try LocalQuizFile(url: file).read(playable: true)
        } catch {
            let reason: String
            if case .file(let why) = error { reason = why } else { reason = error.userMessage }
            throw .invalidValue("--quizzes-file \(file.path)", reason)
        }
    }

    private static func fileURL(_ path: String) -> URL {
        URL(fileURLWithPath: path).standardizedFileURL
    }

    /// `value` as the root of a site (`http(s)://host[:port]/`): the pages are served from `/`,
    /// so a path, a query or a fragment is refused.
    private static func publicRoot(_ name: String, _ value: String) throws(ConfigurationError) -> URL {
        let url = try httpURL(name, value)
        guard ["", "/"].contains(url.path), url.query == nil, url.fragment == nil, url.user == nil,
              let root = URL(string: value.hasSuffix("/") ? value : value + "/")
        else { throw .invalidValue(name, "must be the root of a site, e.g. https://aula.local/ (Adivina is served from /)") }
        return root
    }

    private static func httpURL(_ name: String, _ value: String) throws(ConfigurationError) -> URL {
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else { throw .invalidValue(name, "must be an http:// or https:// URL") }
        return url
    }
}

/// A command line `adivina` cannot run with.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(String)
    case invalidValue(String, String)

    public var description: String {
        switch self {
        case .unknownOption(let flag): "unknown option \(flag) (see --help)"
        case .missingValue(let flag): "\(flag) needs a value (see --help)"
        case .invalidValue(let flag, let why): "\(flag): \(why)"
        }
    }
}
