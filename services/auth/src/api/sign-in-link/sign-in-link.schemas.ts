/** The sign-in link request schemas live with their contract (packages/contracts). */
export { redeemLinkSchema, requestLinkSchema } from '@swapbooth/contracts';
