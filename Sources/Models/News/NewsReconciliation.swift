import Foundation

/// Which kept posts a page of the site's list shows to be gone (trashed, back to draft, made
/// private or future, deleted).
///
/// The site lists its published posts newest first, so a page covers a span of dates: from its
/// newest post (from the future, for the first page) to its oldest (to the beginning, for the
/// last page). A kept post dated inside that span that the page does not list is no longer
/// published. Posts on the span's edges (the same moment as the page's first or last post) are
/// left alone: the site's order among equal dates is not known.
public enum NewsReconciliation {
    /// The ids in `kept` that the page `listed` (with `unreadable`, ids listed but not readable)
    /// shows to be gone.
    public static func gone(
        kept: [Post], listed: [Post], unreadable: Set<Int> = [], isFirstPage: Bool, isLastPage: Bool
    ) -> Set<Int> {
        let present = Set(listed.map(\.id)).union(unreadable)
        let dates = listed.map(\.date)
        if dates.isEmpty && !(isFirstPage && isLastPage) { return [] }
        let newest = isFirstPage ? Date.distantFuture : (dates.max() ?? .distantFuture)
        let oldest = isLastPage ? Date.distantPast : (dates.min() ?? .distantPast)
        return Set(
            kept.lazy.filter { post in
                !present.contains(post.id) && within(post.date, from: oldest, to: newest)
            }.map(\.id))
    }

    /// Inside the span: strictly between its ends, or at an end that is open (the first page's
    /// top, the last page's bottom).
    private static func within(_ date: Date, from oldest: Date, to newest: Date) -> Bool {
        let belowTop = newest == .distantFuture ? true : date < newest
        let aboveBottom = oldest == .distantPast ? true : date > oldest
        return belowTop && aboveBottom
    }
}
