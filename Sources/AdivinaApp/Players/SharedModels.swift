import Foundation
import HTTPServer
import Models

/// The models every player shares (one table for all: the trivia ranking) and their topics.
///
/// `PlayerModels` are per player; what lives here is the same for every one of them, so a save
/// by any player reaches every tab.
@MainActor
final class SharedModels {
    /// The trivia ranking, kept in the store.
    let ranking: Ranking
    /// The topic `ranking`, publishing the ranking's snapshot.
    let rankingTopic: LiveTopic

    /// Makes the shared models over `store` and starts publishing them on `hub`.
    init(store: Store?, hub: SSEHub) {
        ranking = Ranking(store: store)
        rankingTopic = LiveTopic(name: Topic.ranking.rawValue, json: ranking.snapshotJSON, hub: hub)
    }
}
