import Foundation

/// The author of a quiz as the quiz server describes it.
///
/// Every field but the name is optional because the three published shapes disagree: old files
/// have `id`/`username`, OAuth users have `username: null` and a `profileName`, and `profileId`
/// is a Google id that does not fit in an `Int64` (kept as a `Decimal`). Encoding writes the
/// current server's shape: every field, `null` when unknown.
public struct QuizAuthor: Codable, Hashable, Sendable {
    /// The server's user id (absent in some files).
    @Nullable public var id: Int?
    /// Whether the author is an administrator of the quiz server.
    @Nullable public var isAdmin: Bool?
    /// The local user name; `null` for OAuth accounts.
    @Nullable public var username: String?
    /// The kind of account (local, GitHub, Google…) as the server numbers it.
    @Nullable public var accountTypeId: Int?
    /// The OAuth profile id; may exceed `Int64`.
    @Nullable public var profileId: Decimal?
    /// The OAuth profile's display name.
    @Nullable public var profileName: String?
    /// The author's photo, if any.
    @Nullable public var photo: QuizMedia?

    /// Makes an author; every field may be missing.
    public init(
        id: Int? = nil, isAdmin: Bool? = nil, username: String? = nil, accountTypeId: Int? = nil,
        profileId: Decimal? = nil, profileName: String? = nil, photo: QuizMedia? = nil
    ) {
        self.id = id
        self.isAdmin = isAdmin
        self.username = username
        self.accountTypeId = accountTypeId
        self.profileId = profileId
        self.profileName = profileName
        self.photo = photo
    }

    /// The name to show: the profile name, else the user name, else nil (an anonymous author).
    public var displayName: String? {
        for name in [profileName, username] {
            if let name, !name.trimmingCharacters(in: .whitespaces).isEmpty { return name }
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, isAdmin, username, accountTypeId, profileId, profileName, photo
    }

    /// Reads any of the published author shapes; `profileId` may be a number or a digit string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        isAdmin = try container.decodeIfPresent(Bool.self, forKey: .isAdmin)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        accountTypeId = try container.decodeIfPresent(Int.self, forKey: .accountTypeId)
        profileId = try Self.decodeProfileId(from: container)
        profileName = try container.decodeIfPresent(String.self, forKey: .profileName)
        photo = try QuizMedia.decodeIfPresent(from: container, forKey: .photo)
    }


    private static func decodeProfileId(from container: KeyedDecodingContainer<CodingKeys>) throws -> Decimal? {
        guard container.contains(.profileId), try !container.decodeNil(forKey: .profileId) else { return nil }
        if let text = try? container.decode(String.self, forKey: .profileId) {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .profileId, in: container, debugDescription: "profileId no numérico: \"\(text)\"")
            }
            return value
        }
        return try container.decode(Decimal.self, forKey: .profileId)
    }
}
