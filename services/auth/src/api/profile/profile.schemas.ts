import { z } from 'zod';
import {
  addressLimits as L,
  phoneSchema,
  withoutNulls,
  zipSchema,
} from '../address-fields.schemas';
import { emailSchema, optionalText, text } from '../common.schemas';

const today = () => new Date().toISOString().slice(0, 10);

/** YYYY-MM-DD (a full ISO timestamp is cut to its date), in the past and after 1900. */
const dobSchema = text()
  .trim()
  .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
  .refine(
    (v) =>
      v === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(v)) &&
        new Date(v).toISOString().startsWith(v) &&
        v >= '1900-01-01' &&
        v < today()),
    'must be a past date as YYYY-MM-DD',
  );

const imageUrlSchema = text()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'must be an http(s) URL');

/**
 * POST/PUT /api/profile: the SPEC §3 save payload. Only these fields are read; anything else in the
 * body (a role, a status, a verification flag) is dropped here.
 */
export const profileSaveSchema = z.preprocess(
  withoutNulls,
  z.object({
    firstName: optionalText(50),
    lastName: optionalText(50),
    email: z.union([z.literal(''), emailSchema]).optional(),
    phone: phoneSchema.optional(),
    dob: dobSchema.optional(),
    gender: optionalText(30),
    profileImage: imageUrlSchema.optional(),
    country: optionalText(L.country),
    state: optionalText(L.state),
    city: optionalText(L.city),
    zipCode: z.union([z.literal(''), zipSchema]).optional(),
    street1: optionalText(L.street1),
    street2: optionalText(L.street2),
    fullName: optionalText(L.fullName),
    addressPhone: phoneSchema.optional(),
  }),
);
export type ProfileSave = z.infer<typeof profileSaveSchema>;

export const emailParams = z.object({ email: emailSchema });
