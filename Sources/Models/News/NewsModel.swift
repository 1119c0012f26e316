import Foundation
import Signals

/// The news reader (AppleCoding's RSS project, levels A–C) over a WordPress site's REST API.
///
/// `reload()` downloads the newest `postsPerPage` posts; then every author's and category's name
/// that is not known yet is looked up (`/users/{id}`, `/categories/{id}`), each id once,
/// all concurrently: the posts show at once and the names fill in as they arrive, with
/// `progress` counting. A failed look-up loses only that name (retried on the next reload).
///
/// Persistence (level C): posts, names and favourites are kept in the `Store` per site; the
/// model starts from them and a reload adds or updates posts, never deletes or reorders them
/// (newest first by date). Favourites are local and survive restarts.
///
/// Every piece of state is a signal; `snapshot` (and its bytes, `snapshotJSON`) is what the pages
/// render. A newer reload supersedes one in flight; a failure shows `error` and keeps the posts.
@MainActor
public final class NewsModel {
    /// How many posts a reload asks for (`per_page`).
    public nonisolated static let postsPerPage = 20

    /// The site this model reads.
    public let client: WordPressClient
    private let store: NewsStore?
    private let postRequests = LatestRequest<LenientList<Post>>()

    private let postsState = State<[Post]>([])
    private let authorNames = State<[Int: String]>([:])
    private let categoryNames = State<[Int: String]>([:])
    private let favouriteIDs = State<Set<Int>>([])
    private let lookupsDone = State(0)
    private let lookupsStarted = State(0)
    private let skippedState = State<[SkippedElement]>([])
    private let status = RequestStatus()
    private var lookupsInFlight = Set<NameLookup>()

    /// What the news pages render.
    public let snapshot: Computed<NewsSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>

    /// A model for the site behind `client`, starting from what `store` keeps under `siteKey`
    /// (or from nothing, in memory only, when `store` is nil).
    public init(client: WordPressClient, store: Store?, siteKey: String) {
        self.client = client
        self.store = store.map { NewsStore(store: $0, site: siteKey) }
        let posts = postsState
        let authors = authorNames
        let categories = categoryNames
        let favourites = favouriteIDs
        let done = lookupsDone
        let started = lookupsStarted
        let skipped = skippedState
        let loading = status.loading
        let error = status.error
        let site = client.siteURL.absoluteString
        snapshot = Computed {
            let names = categories.value
            let marked = favourites.value
            let authorNames = authors.value
            return NewsSnapshot(
                posts: posts.value.map {
                    NewsRow($0, authorName: authorNames[$0.author], categoryNames: names, favourite: marked.contains($0.id))
                },
                site: site, loading: loading.value,
                progress: started.value > 0 ? NewsProgress(done: done.value, total: started.value) : nil,
                skipped: skipped.value.count, error: error.value)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        do {
            if let contents = try self.store?.contents() {
                batch {
                    postsState.value = contents.posts
                    authorNames.value = contents.authorNames.mapValues(HTMLText.plainText(fromHTML:))
                    categoryNames.value = contents.categoryNames.mapValues(HTMLText.plainText(fromHTML:))
                    favouriteIDs.value = contents.favourites
                }
            }
        } catch {
            status.show(.store(error))
        }
    }

    // MARK: Reading

    /// Every post kept, newest first.
    public var posts: [Post] { postsState.value }
    /// The ids of the favourite posts.
    public var favourites: Set<Int> { favouriteIDs.value }
    /// The author's name of user `id`, if known.
    public func authorName(id: Int) -> String? { authorNames.value[id] }
    /// The name of category `id`, if known.
    public func categoryName(id: Int) -> String? { categoryNames.value[id] }
    /// Whether the posts are being downloaded.
    public var loading: Bool { status.loading.value }
    /// The look-ups in flight, or nil.
    public var progress: NewsProgress? { snapshot.value.progress }
    /// The last failure in Spanish, or nil.
    public var error: String? { status.error.value }
    /// The longest one remote call of this model may take before it ends as "El servidor tarda
    /// demasiado…" (`Deadline.standard` unless set).
    public var deadline: Duration {
        get { status.deadline }
        set { status.deadline = newValue }
    }
    /// The posts of the last download that could not be read, and why.
    public var skipped: [SkippedElement] { skippedState.value }

    /// The post `id` with its article HTML, as `GET /api/news/{id}` sends it.
    public func article(postID: Int) throws(ModelError) -> NewsArticle {
        let post = try requirePost(postID)
        return NewsArticle(
            row: NewsRow(
                post, authorName: authorNames.value[post.author], categoryNames: categoryNames.value,
                favourite: favouriteIDs.value.contains(post.id)),
            content: post.contentHTML)
    }

    // MARK: Actions

    /// Downloads the newest posts (`GET /wp-json/wp/v2/posts?per_page=20`), adds them to the
    /// kept ones (updating those it has already), then looks up the names still unknown.
    /// Returns once the look-ups have finished; the posts show as soon as they arrive.
    public func reload() async throws(ModelError) {
        status.loading.value = true
        let client = self.client
        guard
            let outcome = await postRequests.run(within: status.deadline, { () async throws(RemoteError) in
                try await client.posts(perPage: Self.postsPerPage)
            })
        else { return }
        let list: LenientList<Post>
        switch outcome {
        case .success(let downloaded):
            list = downloaded
        case .failure(let error):
            status.show(.remote(error), stopLoading: true)
            throw .remote(error)
        }
        var byID = Dictionary(postsState.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for post in list.elements { byID[post.id] = post }
        batch {
            postsState.value = byID.values.sorted(by: Self.newestFirst)
            skippedState.value = list.skipped
            status.loading.value = false
            status.succeeded()
        }
        do {
            try store?.upsert(list.elements)
        } catch {
            status.show(.store(error))
        }
        await lookUpMissingNames()
    }

    /// Marks or unmarks a post as favourite (kept in the store).
    @discardableResult
    public func setFavourite(postID: Int, _ favourite: Bool) throws(ModelError) -> Bool {
        try requirePost(postID)
        do {
            try store?.setFavourite(favourite, postID: postID)
        } catch {
            status.show(.store(error))
            throw .store(error)
        }
        favouriteIDs.update { ids in
            if favourite { ids.insert(postID) } else { ids.remove(postID) }
        }
        return favourite
    }

    /// Flips a post's favourite mark.
    @discardableResult
    public func toggleFavourite(postID: Int) throws(ModelError) -> Bool {
        try setFavourite(postID: postID, !favouriteIDs.value.contains(postID))
    }

    // MARK: Names

    /// One name to look up.
    private enum NameLookup: Hashable, Sendable {
        case author(Int)
        case category(Int)
    }

    /// Looks up, concurrently, every author and category name of the kept posts that is neither
    /// known nor already being looked up; applies each answer as it arrives.
    private func lookUpMissingNames() async {
        var wanted: [NameLookup] = []
        var seen = lookupsInFlight
        for post in postsState.value {
            let lookups = [NameLookup.author(post.author)] + post.categories.map(NameLookup.category)
            for lookup in lookups where !isKnown(lookup) && seen.insert(lookup).inserted {
                wanted.append(lookup)
            }
        }
        guard !wanted.isEmpty else { return }
        lookupsInFlight.formUnion(wanted)
        lookupsStarted.value += wanted.count
        let client = self.client
        var failures: [RemoteError] = []
        await withTaskGroup(of: (NameLookup, Result<WordPressName, RemoteError>).self) { group in
            for lookup in wanted {
                group.addTask {
                    do throws(RemoteError) {
                        switch lookup {
                        case .author(let id): return (lookup, .success(try await client.user(id: id)))
                        case .category(let id): return (lookup, .success(try await client.category(id: id)))
                        }
                    } catch {
                        return (lookup, .failure(error))
                    }
                }
            }
            for await (lookup, result) in group {
                if case .failure(let error) = result { failures.append(error) }
                apply(lookup, result)
            }
        }
        if let first = failures.first {
            status.error.value =
                "No se han podido cargar \(failures.count) \(failures.count == 1 ? "nombre" : "nombres") "
                + "de autores o categorías. \(first.userMessage)"
        }
    }

    private func apply(_ lookup: NameLookup, _ result: Result<WordPressName, RemoteError>) {
        lookupsInFlight.remove(lookup)
        batch {
            if case .success(let name) = result {
                switch lookup {
                case .author(let id): authorNames.value[id] = name.displayName
                case .category(let id): categoryNames.value[id] = name.displayName
                }
            }
            if lookupsInFlight.isEmpty {
                lookupsDone.value = 0
                lookupsStarted.value = 0
            } else {
                lookupsDone.value += 1
            }
        }
        guard case .success(let name) = result else { return }
        do {
            switch lookup {
            case .author(let id): try store?.setAuthorName(name.name, id: id)
            case .category(let id): try store?.setCategoryName(name.name, id: id)
            }
        } catch {
            status.show(.store(error))
        }
    }

    private func isKnown(_ lookup: NameLookup) -> Bool {
        switch lookup {
        case .author(let id): authorNames.value[id] != nil
        case .category(let id): categoryNames.value[id] != nil
        }
    }

    // MARK: Helpers

    @discardableResult
    private func requirePost(_ postID: Int) throws(ModelError) -> Post {
        guard let post = postsState.value.first(where: { $0.id == postID }) else { throw .unknownItem(.post, id: postID) }
        return post
    }

    /// Newest first; on the same moment, the higher id first (a stable order).
    private nonisolated static func newestFirst(_ a: Post, _ b: Post) -> Bool {
        a.date != b.date ? a.date > b.date : a.id > b.id
    }
}
