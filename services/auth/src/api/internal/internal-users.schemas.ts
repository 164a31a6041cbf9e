import { z } from 'zod';
import { optionalText } from '../common.schemas';

export const setStatusSchema = z.object({
  status: z.enum(['active', 'suspended'], { error: "must be 'active' or 'suspended'" }),
  reason: optionalText(500),
});
