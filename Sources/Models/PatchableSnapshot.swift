import Foundation

/// A snapshot that can describe, in JSON, how it differs from an earlier one, so a busy topic
/// (the classroom's leaderboard, seen by a thousand screens) sends a few changed rows instead of
/// the whole state on every change.
///
/// The patch's JSON is the web contract's patch event (docs/api.md, "Live updates"):
/// `{"set":{field: value…},"lists":{field:{"upsert":[row…],"remove":[id…],"sort":[key…]}}}` —
/// `set` replaces top-level fields; each list of rows (objects with an `id`) has rows merged
/// into the row with the same `id` (the fields they carry replace its own) or appended whole,
/// rows removed by `id`, then is sorted by the keys (`-key` descending, stable). `WebRoot/js/snapshot-patch.js` applies it.
///
/// A change that every screen waits for (a question's chart) may carry bulky parts nobody waits
/// for (every right answerer's new score): `firstStep(toward:)` names the state to send first,
/// at once, and the topic sends the rest one spacing later (`LiveTopic`).
public protocol PatchableSnapshot: Sendable {
    /// The whole snapshot as JSON.
    func json() -> Data
    /// The patch that turns `old` into `self`, as JSON; nil when a page would see no difference.
    func patchJSON(from old: Self) -> Data?
    /// The state to send at once on the way from `self` to `new`, when the change holds a part
    /// every screen waits for; nil when nothing in it is awaited (it goes spaced, whole).
    func firstStep(toward new: Self) -> Self?
}

extension PatchableSnapshot {
    /// Nothing is awaited: every change goes spaced, whole.
    public func firstStep(toward new: Self) -> Self? { nil }
}
