import type { Entitlements, Listing, ListingDirectory } from '../../domain/proposal-ports';

/**
 * What one request's use case read of the listings and entitlements, so that its answer is
 * presented from the same reads instead of asking the database again. The use case always reads
 * through (a retried decision sees fresh state); the answer is served from what was read, and
 * reads what was not.
 */
export class RequestReads {
  private readonly listingsSeen = new Map<string, Listing | undefined>();
  private readonly entitledSeen = new Map<string, boolean>();

  constructor(
    private readonly listingDirectory: ListingDirectory,
    private readonly entitlementsStore: Entitlements,
  ) {}

  /** For the use case: reads, and notes what it read. */
  readonly listings: ListingDirectory = {
    listings: async (ids) => {
      const found = await this.listingDirectory.listings(ids);
      for (const id of ids) this.listingsSeen.set(id, found.get(id));
      return found;
    },
  };

  readonly entitlements: Entitlements = {
    isEntitled: async (userId) => {
      const entitled = await this.entitlementsStore.isEntitled(userId);
      this.entitledSeen.set(userId, entitled);
      return entitled;
    },
  };

  /** For the answer: what the use case read, or a read of what it did not. */
  readonly answer: { listings: ListingDirectory; entitlements: Entitlements } = {
    listings: {
      listings: async (ids) => {
        if (!ids.every((id) => this.listingsSeen.has(id))) {
          return this.listingDirectory.listings(ids);
        }
        const known = new Map<string, Listing>();
        for (const id of ids) {
          const l = this.listingsSeen.get(id);
          if (l) known.set(id, l);
        }
        return known;
      },
    },
    entitlements: {
      isEntitled: async (userId) =>
        this.entitledSeen.get(userId) ?? this.entitlementsStore.isEntitled(userId),
    },
  };
}
