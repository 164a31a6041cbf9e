/** The following request schema lives with its contract (packages/contracts). */
export { followSchema } from '@swapbooth/contracts';
