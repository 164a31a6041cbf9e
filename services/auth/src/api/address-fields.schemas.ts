import { z } from 'zod';
import { isKnownUsZip } from '../domain/us-zip';
import { text } from './common.schemas';

/** Null is treated as "not given", as many clients send it for empty inputs. */
export const withoutNulls = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null))
    : v;

export const zipSchema = text()
  .trim()
  .regex(/^\d{5}$/, 'must be a 5-digit US ZIP code')
  .refine(isKnownUsZip, 'is not a known US ZIP code');

export const phoneSchema = text()
  .trim()
  .refine((v) => v === '' || /^\+?[0-9 ().-]{7,20}$/.test(v), 'must be a phone number');

export const booleanish = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')],
  { error: 'must be true or false' },
);

/** Limits shared by both spellings of an address (snake_case API, camelCase profile form). */
export const addressLimits = {
  country: 56,
  state: 56,
  city: 100,
  street1: 200,
  street2: 200,
  fullName: 100,
} as const;
