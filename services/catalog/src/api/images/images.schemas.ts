/** Requests of the image routes: the contract's schemas (packages/contracts catalog-requests). */
export {
  imageFileParams,
  imageUploadUrlBody as uploadUrlBody,
  imageVariantQuery as variantQuery,
  publishImageBody as publishBody,
  privatePhotoUrlsBody as privateUrlsBody,
} from '@swapbooth/contracts';
