import Foundation
import Signals

/// The names of authors and categories: taken from the embeds a page brings, else looked up
/// (`/users/{id}`, `/categories/{id}`) when unknown or older than `Settings.nameMaxAge`.
extension NewsModel {
    /// One name to look up.
    enum NameLookup: Hashable, Sendable {
        case author(Int)
        case category(Int)
    }

    /// Keeps the names the posts' embeds brought (a missing author included), checked now.
    /// Call inside the batch that shows the posts.
    func applyEmbeddedNames(of posts: [Post]) {
        var authorUpdates: [Int: String?] = [:]
        var categoryUpdates: [Int: String?] = [:]
        for post in posts {
            guard let embeds = post.embeds else { continue }
            switch embeds.author {
            case .named(let name): authorUpdates[post.author] = .some(name.name)
            case .missing: authorUpdates[post.author] = .some(nil)
            case nil: break
            }
            for category in embeds.categories ?? [] { categoryUpdates[category.id] = .some(category.name) }
        }
        keep(authorUpdates, kind: .author)
        keep(categoryUpdates, kind: .category)
    }

    /// Looks up, concurrently, every author and category of the posts on the site whose name
    /// is unknown or stale and not already being looked up; applies each answer as it arrives.
    /// A 404 (or a refusal to show it) is kept as "missing"; only failures that may pass (the
    /// site down, failing, answering garbage) are reported in `error`.
    func lookUpNames() async {
        let wanted = namesToLookUp()
        guard !wanted.isEmpty else { return }
        lookupsInFlight.formUnion(wanted)
        lookupsStarted.value += wanted.count
        let client = self.client
        let deadline = status.deadline
        var failures: [RemoteError] = []
        await withTaskGroup(of: (NameLookup, Result<WordPressName, RemoteError>).self) { group in
            for lookup in wanted {
                group.addTask {
                    let result = await Deadline.run(within: deadline) { () async throws(RemoteError) -> WordPressName in
                        switch lookup {
                        case .author(let id): try await client.user(id: id)
                        case .category(let id): try await client.category(id: id)
                        }
                    }
                    return (lookup, result)
                }
            }
            for await (lookup, result) in group {
                if case .failure(let error) = result, !Self.meansMissing(error), error != .cancelled { failures.append(error) }
                apply(lookup, result)
            }
        }
        if let first = failures.first {
            status.error.value =
                "No se han podido cargar \(failures.count) \(failures.count == 1 ? "nombre" : "nombres") "
                + "de autores o categorías. \(first.userMessage)"
        }
    }

    /// Whether a look-up's failure is the site saying the user or category is not there to see.
    static func meansMissing(_ error: RemoteError) -> Bool {
        switch error {
        case .notFound, .unauthorized: true
        case .status(let code, _): code == 403 || code == 410
        default: false
        }
    }

    private func namesToLookUp() -> [NameLookup] {
        let staleBefore = settings.now().addingTimeInterval(-settings.nameMaxAge)
        func needed(_ record: NewsStore.NameRecord?) -> Bool {
            guard let record, record.name != nil || record.missing else { return true }
            return (record.checkedAt ?? .distantPast) < staleBefore
        }
        var wanted: [NameLookup] = []
        var seen = lookupsInFlight
        let gone = goneIDs.value
        for post in postsState.value where !gone.contains(post.id) {
            if needed(authors.value[post.author]), seen.insert(.author(post.author)).inserted {
                wanted.append(.author(post.author))
            }
            for id in post.categories where needed(categories.value[id]) && seen.insert(.category(id)).inserted {
                wanted.append(.category(id))
            }
        }
        return wanted
    }

    private func apply(_ lookup: NameLookup, _ result: Result<WordPressName, RemoteError>) {
        lookupsInFlight.remove(lookup)
        batch {
            let update: String??
            switch result {
            case .success(let name): update = .some(name.name)
            case .failure(let error): update = Self.meansMissing(error) ? .some(nil) : nil
            }
            if let update {
                switch lookup {
                case .author(let id): keep([id: update], kind: .author)
                case .category(let id): keep([id: update], kind: .category)
                }
            }
            if lookupsInFlight.isEmpty {
                lookupsDone.value = 0
                lookupsStarted.value = 0
            } else {
                lookupsDone.value += 1
            }
        }
    }

    /// Shows and stores what the site said of these names (a nil name: missing), checked now.
    private func keep(_ updates: [Int: String?], kind: NewsStore.NameKind) {
        guard !updates.isEmpty else { return }
        let now = settings.now()
        let state = kind == .author ? authors : categories
        state.update { records in
            for (id, name) in updates {
                records[id] = NewsStore.NameRecord(
                    name: name ?? records[id]?.name, missing: name == nil, checkedAt: now)
            }
        }
        do {
            try store?.setNames(updates, kind: kind, checkedAt: now)
        } catch {
            status.show(.store(error))
        }
    }
}
