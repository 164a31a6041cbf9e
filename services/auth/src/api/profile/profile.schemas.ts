import { z } from 'zod';
import { profileSaveFields, withoutNulls } from '@swapbooth/contracts';
import { zipSchema } from '../address-fields.schemas';

/**
 * POST/PUT /api/profile: the contract's save payload (packages/contracts auth-requests); a ZIP
 * code, when given, must also be a known one.
 */
export const profileSaveSchema = z.preprocess(
  withoutNulls,
  profileSaveFields.extend({ zipCode: z.union([z.literal(''), zipSchema]).optional() }),
);
export type ProfileSave = z.infer<typeof profileSaveSchema>;

export { authEmailParams as emailParams } from '@swapbooth/contracts';
