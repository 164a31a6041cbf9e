/**
 * The one password rule, used by sign-up, reset and change alike. It is part of the request
 * contract (packages/contracts), so the API document states the same rule the service applies.
 */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordSchema } from '@swapbooth/contracts';
