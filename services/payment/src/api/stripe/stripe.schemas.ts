import { z } from 'zod';
import { idField } from '../http';

export const checkoutBody = z.object({
  priceId: idField,
  customerId: idField,
  userId: idField,
});

export const cancelBody = z.object({ subscriptionId: idField });

export const verificationBody = z.object({ userId: idField, cusId: idField });

export const processVerificationBody = z.object({ userId: idField, sessionId: idField });
