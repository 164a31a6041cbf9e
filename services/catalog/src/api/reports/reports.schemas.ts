/** The report route's request schema lives with its contract (packages/contracts). */
export { reportBody } from '@swapbooth/contracts';
