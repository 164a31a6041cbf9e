/**
 * The fault suite's two profiles: `full` holds the numbers the issue promises (npm run test:faults),
 * `short` the same scenarios scaled down so all of them take a few minutes (npm test).
 */
export type FaultsProfile = 'full' | 'short';

export const profile: FaultsProfile = process.env.FAULTS_PROFILE === 'full' ? 'full' : 'short';

/** The figure of this profile. */
export const scaled = <T>(full: T, short: T): T => (profile === 'full' ? full : short);
