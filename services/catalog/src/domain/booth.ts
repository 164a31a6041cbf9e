import type { EventData } from '@swapbooth/contracts';

export const boothStatuses = ['active', 'inactive', 'on_vacation', 'closed', 'suspended'] as const;
export type BoothStatus = (typeof boothStatuses)[number];
/** Statuses an owner may set; `suspended` is an admin's decision. */
export const ownerBoothStatuses = ['active', 'inactive', 'on_vacation', 'closed'] as const;

export interface Booth {
  id: string;
  userId: string;
  username: string;
  name: string;
  description: string;
  interests: string[];
  addressId?: string;
  status: BoothStatus;
  /**
   * Set while the booth is suspended because its owner's account is: the status it returns to when
   * the account is restored (null or absent otherwise, so an admin's own suspension stays).
   */
  accountSuspendedFrom?: BoothStatus | null;
  views: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;
export const NAME_MIN = 2;
export const NAME_MAX = 60;

/** Words no store may take as its username or name: they collide with routes or impersonate us. */
export const reservedWords = new Set([
  'admin',
  'administrator',
  'api',
  'swapbooth',
  'support',
  'help',
  'root',
  'me',
  'settings',
  'system',
  'staff',
  'moderator',
  'store',
  'booth',
  'login',
  'logout',
  'signup',
  'null',
  'undefined',
]);

export type Availability = { available: true } | { available: false; reason: string };

/** Why a username cannot be used, or undefined when its form is fine (taken-ness is checked apart). */
export function usernameProblem(value: string): string | undefined {
  if (!USERNAME.test(value)) {
    return 'Use 3 to 30 letters, digits, underscores, dots or hyphens';
  }
  if (reservedWords.has(value.toLowerCase())) return 'This username is reserved';
  return undefined;
}

export function nameProblem(value: string): string | undefined {
  const name = value.trim();
  if (name.length < NAME_MIN || name.length > NAME_MAX) {
    return `Use ${NAME_MIN} to ${NAME_MAX} characters`;
  }
  if (reservedWords.has(name.toLowerCase())) return 'This name is reserved';
  return undefined;
}

/** Trimmed interests without case-insensitive repeats. */
export function normalizeInterests(interests: string[]): string[] {
  const seen = new Set<string>();
  return interests
    .map((i) => i.trim())
    .filter((i) => i && !seen.has(i.toLowerCase()) && seen.add(i.toLowerCase()));
}

export const boothSnapshot = (b: Booth): EventData<'booth.created'> => ({
  boothId: b.id,
  userId: b.userId,
  username: b.username,
  name: b.name,
  interests: b.interests,
  status: b.status,
  version: b.version,
});
