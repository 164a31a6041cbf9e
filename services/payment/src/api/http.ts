/** Provider and user ids in paths and bodies: bounded, printable, no slashes (packages/contracts). */
export { paymentIdField as idField } from '@swapbooth/contracts';
