import { z } from 'zod';
import { emailSchema, text } from '../common.schemas';

export const requestLinkSchema = z.object({ email: emailSchema });

export const redeemLinkSchema = z.object({
  token: text().trim().min(1, 'is required').max(512, 'is not a valid sign-in link'),
});
