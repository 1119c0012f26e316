import Foundation
import Observation
import Signals

/// The news reader (AppleCoding's RSS project, levels A–C) over any WordPress site's REST API.
///
/// `reload()` downloads the first page of posts with `_embed`, so one request brings each
/// post with its author, categories and featured image; `loadMore()` the next page. Each page
/// is reconciled with what is kept (`NewsReconciliation`): a post the site no longer publishes
/// leaves, except a favourite, which stays marked as gone. Names that no embed brought (a site
/// that does not embed, a name older than `Settings.nameMaxAge`) are looked up concurrently,
/// each id once (`NewsModel+Names`). An author or category the site says does not exist is a
/// fact ("Autor desconocido"), not an error.
///
/// A first page that fails for a reason that may pass (the site down, slow, failing) is tried
/// again by itself on `Settings.retry`'s schedule; `retryAt` says when.
///
/// Persistence (level C): posts, names and favourites are kept in the `Store` per site; the
/// model starts from them. Every piece of state is a signal; `snapshot` (and its bytes,
/// `snapshotJSON`) is what the pages render. A newer reload supersedes one in flight.
///
/// `Observable`: a view reading `posts`, `favourites`, `authorName(id:)`… is told of each change
/// of what it read.
@MainActor
public final class NewsModel: Observable, SignalObservable {
    /// How many posts a page has (`per_page`).
    public nonisolated static let postsPerPage = 20

    /// What a model can be tuned with (tests shorten the waits).
    public struct Settings: Sendable {
        /// When to try again after a failed first page.
        public var retry: RetrySchedule
        /// How old a looked-up name may get before it is asked again.
        public var nameMaxAge: TimeInterval
        /// The clock.
        public var now: @Sendable () -> Date

        /// Makes settings.
        public init(
            retry: RetrySchedule = .standard, nameMaxAge: TimeInterval = 24 * 60 * 60,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.retry = retry
            self.nameMaxAge = nameMaxAge
            self.now = now
        }
    }

    /// The site this model reads.
    public let client: WordPressClient
    let store: NewsStore?
    let settings: Settings
    private let firstPageRequests = LatestRequest<WordPressClient.PostsPage>()
    private let nextPageRequests = LatestRequest<WordPressClient.PostsPage>()

    let postsState = State<[Post]>([])
    let goneIDs = State<Set<Int>>([])
    let authors = State<[Int: NewsStore.NameRecord]>([:])
    let categories = State<[Int: NewsStore.NameRecord]>([:])
    private let favouriteIDs = State<Set<Int>>([])
    let lookupsDone = State(0)
    let lookupsStarted = State(0)
    private let skippedState = State<[SkippedElement]>([])
    let status = RequestStatus()
    private let totalState = State<Int?>(nil)
    private let pagesLoaded = State(0)
    private let hasMoreState = State(false)
    private let loadingMoreState = State(false)
    private let moreErrorState = State<String?>(nil)
    private let retryAtState = State<Date?>(nil)
    var lookupsInFlight = Set<NameLookup>()
    private var retrySchedule: RetrySchedule
    private var retryTask: Task<Void, Never>?

    /// What the news pages render.
    public let snapshot: Computed<NewsSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    private let progressSignal: Computed<NewsProgress?>
    let observation = SignalObservation<NewsModel>()

    /// A model for the site behind `client`, starting from what `store` keeps under `siteKey`
    /// (or from nothing, in memory only, when `store` is nil).
    public init(client: WordPressClient, store: Store?, siteKey: String, settings: Settings = Settings()) {
        self.client = client
        self.store = store.map { NewsStore(store: $0, site: siteKey) }
        self.settings = settings
        retrySchedule = settings.retry
        let (posts, gone, authors, categories, favourites) = (postsState, goneIDs, self.authors, self.categories, favouriteIDs)
        let (done, started, skipped, loading, error) = (lookupsDone, lookupsStarted, skippedState, status.loading, status.error)
        let (total, hasMore, loadingMore, moreError, retryAt) = (totalState, hasMoreState, loadingMoreState, moreErrorState, retryAtState)
        let site = client.siteURL.absoluteString
        let progress = Computed { started.value > 0 ? NewsProgress(done: done.value, total: started.value) : nil }
        progressSignal = progress
        snapshot = Computed {
            let authorNames = authors.value.compactMapValues(\.displayName)
            let categoryRecords = categories.value
            let categoryNames = categoryRecords.compactMapValues(\.displayName)
            let missingCategories = Set(categoryRecords.filter(\.value.missing).keys)
            let (marked, left) = (favourites.value, gone.value)
            return NewsSnapshot(
                posts: posts.value.map {
                    NewsRow(
                        $0, authorName: authorNames[$0.author], categoryNames: categoryNames,
                        missingCategories: missingCategories, favourite: marked.contains($0.id), onSite: !left.contains($0.id))
                },
                site: site, loading: loading.value,
                progress: progress.value,
                skipped: skipped.value.count, error: error.value, total: total.value, hasMore: hasMore.value,
                loadingMore: loadingMore.value, moreError: moreError.value,
                retryAt: retryAt.value.map { $0.formatted(.iso8601) })
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        do {
            if let contents = try self.store?.contents() {
                batch {
                    postsState.value = contents.posts
                    goneIDs.value = contents.gone
                    self.authors.value = contents.authors
                    self.categories.value = contents.categories
                    favouriteIDs.value = contents.favourites
                }
            }
        } catch {
            status.show(.store(error))
        }
    }

    // MARK: Reading

    /// Every post kept, newest first (favourites that left the site included).
    public var posts: [Post] { observed(postsState, \.posts) }
    /// The ids of the kept favourites the site no longer publishes.
    public var gone: Set<Int> { observed(goneIDs, \.gone) }
    /// The ids of the favourite posts.
    public var favourites: Set<Int> { observed(favouriteIDs, \.favourites) }
    /// The author's name of user `id`, if known.
    public func authorName(id: Int) -> String? { authorRecords[id]?.displayName }
    /// The name of category `id`, if known.
    public func categoryName(id: Int) -> String? { categoryRecords[id]?.displayName }
    private var authorRecords: [Int: NewsStore.NameRecord] { observed(authors, \.authorRecords) }
    private var categoryRecords: [Int: NewsStore.NameRecord] { observed(categories, \.categoryRecords) }
    /// Whether the first page is being downloaded.
    public var loading: Bool { observed(status.loading, \.loading) }
    /// The look-ups in flight, or nil.
    public var progress: NewsProgress? { observed(progressSignal, \.progress) }
    /// The last failure in Spanish, or nil.
    public var error: String? { observed(status.error, \.error) }
    /// How many posts the site has, once a page said so.
    public var total: Int? { observed(totalState, \.total) }
    /// Whether the site has a page after the last one loaded.
    public var hasMore: Bool { observed(hasMoreState, \.hasMore) }
    /// Whether the next page is being downloaded.
    public var loadingMore: Bool { observed(loadingMoreState, \.loadingMore) }
    /// Why the last `loadMore()` failed, in Spanish, or nil.
    public var moreError: String? { observed(moreErrorState, \.moreError) }
    /// The longest one remote call of this model may take before it ends as "El servidor tarda
    /// demasiado…" (`Deadline.standard` unless set).
    public var deadline: Duration {
        get { status.deadline }
        set { status.deadline = newValue }
    }
    /// The posts of the last download that could not be read, and why.
    public var skipped: [SkippedElement] { observed(skippedState, \.skipped) }
    /// When the next automatic try is, or nil.
    public var retryAt: Date? { observed(retryAtState, \.retryAt) }

    /// The post `id` with its article HTML, as `GET /api/news/{id}` sends it.
    public func article(postID: Int) throws(ModelError) -> NewsArticle {
        let post = try requirePost(postID)
        let row = snapshot.value.posts.first { $0.id == postID }
            ?? NewsRow(post, authorName: nil, categoryNames: [:], favourite: favouriteIDs.value.contains(post.id))
        return NewsArticle(row: row, content: post.contentHTML, fullImage: (post.fullImage ?? post.featuredImage)?.absoluteString)
    }

    // MARK: Actions

    /// Downloads the first page of posts again, reconciles the kept ones with it, then looks up
    /// the names still unknown or stale. Returns once the look-ups have finished; the posts show
    /// as soon as they arrive. A pending automatic retry is replaced by this one.
    public func reload() async throws(ModelError) {
        retryTask?.cancel()
        retryTask = nil
        try await loadFirstPage()
    }

    /// Downloads the next page (`page = pages loaded + 1`); a failure keeps what is shown and
    /// says why in `moreError`. Does nothing while the first page loads or when no page is left.
    public func loadMore() async throws(ModelError) {
        guard hasMoreState.value, !loadingMoreState.value, !status.loading.value else { return }
        let number = pagesLoaded.value + 1
        let client = self.client
        batch {
            loadingMoreState.value = true
            moreErrorState.value = nil
        }
        guard
            let outcome = await nextPageRequests.run(within: status.deadline, { () async throws(RemoteError) in
                try await client.posts(page: number, perPage: Self.postsPerPage)
            })
        else { return }
        switch outcome {
        case .success(let page):
            apply(page, number: number)
        case .failure(let error):
            batch {
                loadingMoreState.value = false
                if error != .cancelled { moreErrorState.value = error.userMessage }
            }
            throw .remote(error)
        }
        await lookUpNames()
    }

    /// Marks or unmarks a post as favourite (kept in the store). Unmarking a favourite the
    /// site no longer publishes forgets the post.
    @discardableResult
    public func setFavourite(postID: Int, _ favourite: Bool) throws(ModelError) -> Bool {
        try requirePost(postID)
        do {
            try store?.setFavourite(favourite, postID: postID)
        } catch {
            status.show(.store(error))
            throw .store(error)
        }
        batch {
            favouriteIDs.update { ids in
                if favourite { ids.insert(postID) } else { ids.remove(postID) }
            }
            if !favourite && goneIDs.value.contains(postID) {
                goneIDs.value.remove(postID)
                postsState.value.removeAll { $0.id == postID }
            }
        }
        return favourite
    }

    /// Flips a post's favourite mark.
    @discardableResult
    public func toggleFavourite(postID: Int) throws(ModelError) -> Bool {
        try setFavourite(postID: postID, !favouriteIDs.value.contains(postID))
    }

    // MARK: Pages

    private func loadFirstPage() async throws(ModelError) {
        nextPageRequests.supersede()
        batch {
            status.loading.value = true
            loadingMoreState.value = false
        }
        let client = self.client
        guard
            let outcome = await firstPageRequests.run(within: status.deadline, { () async throws(RemoteError) in
                try await client.posts(page: 1, perPage: Self.postsPerPage)
            })
        else { return }
        switch outcome {
        case .success(let page):
            retrySchedule.reset()
            apply(page, number: 1)
        case .failure(let error):
            batch {
                status.show(.remote(error), stopLoading: true)
                scheduleRetry(after: error)
            }
            throw .remote(error)
        }
        await lookUpNames()
    }

    /// Shows page `number`: its posts added or updated, the kept posts it shows gone taken
    /// away (a favourite stays, marked), its embedded names applied; then keeps it all.
    private func apply(_ page: WordPressClient.PostsPage, number: Int) {
        let listed = page.posts.elements
        let isLast = page.totalPages.map { number >= $0 } ?? (listed.count < Self.postsPerPage)
        let onSite = postsState.value.filter { !goneIDs.value.contains($0.id) }
        let leaving = NewsReconciliation.gone(
            kept: onSite, listed: listed, unreadable: Set(page.posts.skipped.compactMap { $0.id.flatMap { Int($0) } }),
            isFirstPage: number == 1, isLastPage: isLast)
        let favourites = favouriteIDs.value
        var byID = Dictionary(postsState.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in leaving where !favourites.contains(id) { byID[id] = nil }
        for post in listed { byID[post.id] = post }
        let listedIDs = Set(listed.map(\.id))
        batch {
            postsState.value = byID.values.sorted(by: Self.newestFirst)
            goneIDs.value = goneIDs.value.subtracting(listedIDs).union(leaving.intersection(favourites))
            skippedState.value = number == 1 ? page.posts.skipped : skippedState.value + page.posts.skipped
            if let total = page.total { totalState.value = total }
            pagesLoaded.value = listed.isEmpty ? number - 1 : number
            hasMoreState.value = !isLast && !listed.isEmpty
            loadingMoreState.value = false
            moreErrorState.value = nil
            retryAtState.value = nil
            if number == 1 {
                status.loading.value = false
                status.succeeded()
            }
            applyEmbeddedNames(of: listed)
        }
        do {
            try store?.upsert(listed)
            if !leaving.isEmpty { try store?.remove(postIDs: leaving) }
        } catch {
            status.show(.store(error))
        }
    }

    // MARK: Retrying

    private func scheduleRetry(after error: RemoteError) {
        guard RetrySchedule.isWorthRetrying(error) else {
            retryAtState.value = nil
            return
        }
        let delay = retrySchedule.next()
        let (seconds, attoseconds) = delay.components
        retryAtState.value = settings.now().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        retryTask?.cancel()
        retryTask = Task { [weak self] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            try? await self?.loadFirstPage()
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

extension NewsStore.NameRecord {
    /// The name as text, or nil when not known (or missing).
    var displayName: String? {
        guard !missing, let name else { return nil }
        return HTMLText.plainText(fromHTML: name)
    }
}
