import type {
  CircleAnswer,
  CircleResponse,
  CircleStatus,
  MathTradeResponse,
  OrganiserResponse,
} from '@swapbooth/contracts';

/** The most listings one want list may name (the contract's `maxWantsPerList`). */
export const MAX_WANTS = 100;

export const WantListTexts = {
  added: (wanted: string, give: string, rank: number) =>
    `Added ${wanted} to your want list for ${give} (choice ${rank}).`,
  alreadyThere: (wanted: string, give: string) =>
    `${wanted} is already on your want list for ${give}.`,
  full: (give: string) =>
    `Your want list for ${give} already names ${MAX_WANTS} listings: remove one first.`,
  nothingToGive: 'Publish a listing of your own to offer it through a want list.',
  explain:
    'A want list says, for one of your listings, which other listings you would accept for it, in order of preference: "I would give my X for Y1, else Y2, else Y3". When want lists form a circle (you give to one member, another gives to you), Swapbooth proposes a trade circle to everyone in it.',
  privacy:
    'Want lists are private: nobody else sees them. Members of a circle proposed to you only see what they give, what they receive and the circle size.',
} as const;

export const circleStatusLabels: Record<CircleStatus, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  dissolved: 'Dissolved',
};

export const answerLabels: Record<CircleAnswer, string> = {
  pending: 'You have not answered yet.',
  accepted: 'You accepted.',
  declined: 'You declined.',
  expired: 'Your answer window closed.',
};

export const dissolvedNotes: Record<NonNullable<CircleResponse['dissolved_reason']>, string> = {
  declined: 'A member declined, so this circle dissolved. Your listing is available again.',
  expired:
    'Not everyone answered in time, so this circle dissolved. Your listing is available again.',
  unavailable:
    'A listing in this circle is no longer available, so it dissolved. Your listing is available again.',
};

/** "a circle of 3 members" (2 is a plain two-party trade). */
export const circleSize = (size: number) => `a circle of ${size} members`;

const statusOrder: Record<CircleStatus, number> = { proposed: 0, accepted: 1, dissolved: 2 };

/** Circles waiting for an answer first, then accepted, then dissolved; newest first within each. */
export function sortCircles(circles: readonly CircleResponse[]): CircleResponse[] {
  return [...circles].sort(
    (a, b) =>
      statusOrder[a.status] - statusOrder[b.status] || b.updated_at.localeCompare(a.updated_at),
  );
}

/** "196 of 874 items trading (22.4%)". */
export function tradingLine(m: Pick<MathTradeResponse, 'items_trading' | 'items_total'>): string {
  const pct = m.items_total ? (100 * m.items_trading) / m.items_total : 0;
  return `${m.items_trading} of ${m.items_total} items trading (${pct.toFixed(1)}%)`;
}

/** Group sizes as TradeMaximizer prints them, largest first: "7 5 3 2 2". */
export const groupSizesLine = (sizes: readonly number[]) =>
  [...sizes].sort((a, b) => b - a).join(' ');

export const formatElapsed = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;

export const organiserTexts: Record<OrganiserResponse['status'], string> = {
  none: 'Math trades are run by organisers: members with a booth whom an admin approved. Ask to become one and an admin will decide.',
  requested: 'You asked to organise math trades. An admin will review your request.',
  refused: 'An admin refused your request to organise math trades.',
  approved: 'You are an approved organiser: upload a want-list file to run a math trade.',
};
