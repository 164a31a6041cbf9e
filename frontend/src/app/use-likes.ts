import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LikeControl } from '../components/product-card/product-card';
import type { Listing } from '../lib/listing';
import { logFailure } from '../lib/log';
import { rememberRedirect } from '../lib/session';
import { useUserId } from './hooks';
import { useGetLikedQuery, useLikeMutation, useUnlikeMutation } from './member-api';

/**
 * Likes for any list of listings: liked state from the wishlist, a busy flag per listing while its
 * call runs, and visitors sent to /authenticate (SPEC §4). Failures are only logged (SPEC §8).
 */
export function useLikes(): {
  likedIds: Set<string>;
  likeFor(listing: Pick<Listing, 'id' | 'seller'>): LikeControl | undefined;
} {
  const userId = useUserId();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: liked } = useGetLikedQuery(userId ?? '', { skip: !userId });
  const [like] = useLikeMutation();
  const [unlike] = useUnlikeMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(new Map());

  const likedIds = useMemo(() => {
    const ids = new Set((liked ?? []).map((l) => l.id));
    for (const [id, on] of overrides) {
      if (on) ids.add(id);
      else ids.delete(id);
    }
    return ids;
  }, [liked, overrides]);

  const toggle = useCallback(
    async (productId: string, currentlyLiked: boolean) => {
      if (!userId) {
        rememberRedirect(location);
        navigate('/authenticate');
        return;
      }
      setBusy((b) => new Set(b).add(productId));
      try {
        await (currentlyLiked ? unlike : like)({ productId, userId }).unwrap();
        setOverrides((m) => new Map(m).set(productId, !currentlyLiked));
      } catch (err) {
        logFailure(currentlyLiked ? 'unlike failed' : 'like failed', err);
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(productId);
          return next;
        });
      }
    },
    [userId, like, unlike, navigate, location],
  );

  const likeFor = useCallback(
    (listing: Pick<Listing, 'id' | 'seller'>): LikeControl | undefined => {
      if (userId && listing.seller.id === userId) return undefined; // one's own listing
      const on = likedIds.has(listing.id);
      return { liked: on, busy: busy.has(listing.id), onToggle: () => void toggle(listing.id, on) };
    },
    [likedIds, busy, toggle, userId],
  );

  return { likedIds, likeFor };
}
