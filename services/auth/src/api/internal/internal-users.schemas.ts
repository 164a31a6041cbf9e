import { z } from 'zod';
import { optionalText } from '../common.schemas';

export const setStatusSchema = z.object({
  status: z.enum(['active', 'suspended'], { error: "must be 'active' or 'suspended'" }),
  reason: optionalText(500),
});

export const throttleReportQuery = z.object({
  days: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(8, 'must be at most 8')
    .default(7),
});
