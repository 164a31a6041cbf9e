import { z } from 'zod';
import { ownerBoothStatuses } from '../../domain/booth';

const interests = z
  .array(z.string().trim().min(1).max(40, 'at most 40 characters'))
  .max(20, 'at most 20 interests');

/** POST /api/booth; `user_id` must be the caller's. */
export const createBoothBody = z.object({
  name: z.string({ error: 'is required' }).max(200),
  description: z.string().max(1000, 'at most 1000 characters').optional(),
  interests: interests.optional(),
  user_id: z.unknown().optional(),
  username: z.string({ error: 'is required' }).trim().max(200),
  address_id: z.string().trim().max(64).optional(),
});

/** PUT /api/booth/{id}: only these fields; `suspended` is not an owner's choice. */
export const updateBoothBody = z.object({
  name: z.string().max(200).optional(),
  description: z.string().max(1000, 'at most 1000 characters').optional(),
  interests: interests.optional(),
  status: z
    .enum(ownerBoothStatuses, { error: `must be one of ${ownerBoothStatuses.join(', ')}` })
    .optional(),
});
