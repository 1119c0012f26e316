import Foundation

/// The dates of the WordPress REST API: `yyyy-MM-dd'T'HH:mm:ss` without a zone (the exam's
/// formatter). `date_gmt` is that moment in UTC; `date` is the site's local time.
public enum WordPressDate {
    /// The format of both fields.
    public static let format = "yyyy-MM-dd'T'HH:mm:ss"

    /// Parses `text` as a time in `timeZone`; nil if it is not in the format.
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter.date(from: text)
    }

    /// UTC.
    public static let utc = TimeZone(secondsFromGMT: 0) ?? .gmt

    /// The post's moment: `date_gmt` read as UTC when it is there and valid, else `date` read as
    /// UTC too, as the course's seed does (its formatter has `yyyy-MM-dd'T'HH:mm:ss` in UTC):
    /// the moment never depends on the zone of the machine running Adivina. Pages show it in
    /// the browser's zone.
    public static func moment(dateGMT: String?, date: String?) -> Date? {
        if let dateGMT, let moment = parse(dateGMT, timeZone: utc) { return moment }
        return date.flatMap { parse($0, timeZone: utc) }
    }
}
