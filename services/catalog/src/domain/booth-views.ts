import { AppError } from '@swapbooth/service-kit';
import type { BoothRepository, ViewLedger } from './booth-repository';

/** Counts a view once per viewer per day; the owner's own visits do not count. */
export async function recordBoothView(
  deps: { booths: BoothRepository; views: ViewLedger },
  id: string,
  viewer: { userId?: string; ip: string },
): Promise<number> {
  const booth = await deps.booths.findByIdOrUser(id);
  if (!booth) throw AppError.notFound('Booth not found');
  if (viewer.userId === booth.userId) return booth.views;
  const who = viewer.userId ? `u:${viewer.userId}` : `ip:${viewer.ip}`;
  if (!(await deps.views.firstViewToday(booth.id, who))) return booth.views;
  return deps.booths.incrementViews(booth.id);
}
