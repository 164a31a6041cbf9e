/** Request bodies of the listing routes: the contract's schemas (packages/contracts catalog-requests). */
export { createProductBody, updateProductBody } from '@swapbooth/contracts';
