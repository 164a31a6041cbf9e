import type { Response } from 'express';
import { z } from 'zod';

/** `{ success: true, data }` with a status. */
export function ok(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

/** Path ids: bounded, printable, no slashes. */
export const idParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');
