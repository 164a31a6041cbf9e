/** The request schemas of the stripe routes live with their contract (packages/contracts). */
export {
  cancelSubscriptionBody as cancelBody,
  checkoutBody,
  processVerificationBody,
  verificationBody,
} from '@swapbooth/contracts';
