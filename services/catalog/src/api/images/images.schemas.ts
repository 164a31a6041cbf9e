/** Requests of the image routes: the contract's schemas (packages/contracts catalog-requests). */
export {
  imageFileParams,
  imageUploadUrlBody as uploadUrlBody,
  imageVariantQuery as variantQuery,
  publishImageBody as publishBody,
} from '@swapbooth/contracts';
