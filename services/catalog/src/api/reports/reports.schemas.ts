import { z } from 'zod';
import { reportReasons, reportTargets } from '../../domain/reports';

/** POST /api/reports. */
export const reportBody = z.object({
  targetType: z.enum(reportTargets, { error: `must be one of ${reportTargets.join(', ')}` }),
  targetId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(128),
  reason: z.enum(reportReasons, { error: `must be one of ${reportReasons.join(', ')}` }),
  details: z.string().max(2000, 'at most 2000 characters').optional(),
});
