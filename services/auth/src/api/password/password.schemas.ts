import { z } from 'zod';
import { passwordSchema } from '../../domain/password-policy';
import { emailSchema, text } from '../common.schemas';

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: text().trim().min(1, 'is required').max(512, 'is not a valid reset token'),
  newPassword: passwordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: text().min(1, 'is required').max(1024, 'is too long'),
  newPassword: passwordSchema,
});
