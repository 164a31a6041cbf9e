import type { BoothResponse } from '@swapbooth/contracts';
import type { Booth } from '../../domain/booth';

/** A booth as the client reads it. */
export const boothView = (b: Booth): BoothResponse => ({
  booth_id: b.id,
  user_id: b.userId,
  username: b.username,
  name: b.name,
  description: b.description,
  interests: b.interests,
  address_id: b.addressId,
  status: b.status,
  views: b.views,
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
});
