/** The booth routes' request schemas live with their contract (packages/contracts). */
export { boothAvailabilityParams, createBoothBody, updateBoothBody } from '@swapbooth/contracts';
