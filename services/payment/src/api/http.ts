import { z } from 'zod';

/** Provider and user ids in paths and bodies: bounded, printable, no slashes. */
export const idField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');
