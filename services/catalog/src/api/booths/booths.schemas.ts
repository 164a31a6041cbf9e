/** The booth routes' request schemas live with their contract (packages/contracts). */
export { createBoothBody, updateBoothBody } from '@swapbooth/contracts';
