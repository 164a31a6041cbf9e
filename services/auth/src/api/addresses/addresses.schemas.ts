import { z } from 'zod';
import { createAddressFields, updateAddressFields, withoutNulls } from '@swapbooth/contracts';
import { zipSchema } from '../address-fields.schemas';

/**
 * The address bodies are the contract's (packages/contracts auth-requests); the ZIP code must
 * also be a known one.
 */
export const createAddressSchema = z.preprocess(
  withoutNulls,
  createAddressFields.extend({ zip_code: zipSchema }),
);

export const updateAddressSchema = z.preprocess(
  withoutNulls,
  updateAddressFields.extend({ zip_code: zipSchema.optional() }),
);

export {
  authUserIdParams as userIdParams,
  setDefaultAddressBody as setDefaultSchema,
} from '@swapbooth/contracts';

export type CreateAddress = z.infer<typeof createAddressSchema>;
export type UpdateAddress = z.infer<typeof updateAddressSchema>;
