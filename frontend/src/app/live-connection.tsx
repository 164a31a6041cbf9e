import { useCallback, useEffect } from 'react';
import { circlesApi } from '../features/circles/circles-api';
import { api } from './api';
import { useAppDispatch } from './hooks';
import { connectLiveStream, useLiveEvents, type LiveEvent } from './live-stream';

/**
 * Holds the signed-in member's live stream open and turns its events into fresh data: a new
 * notification or unread count refreshes the bell, a chat message its conversation, a proposal
 * step the proposal, a circle notification (or a `circle` event) the member's circles. Renders nothing.
 */
export function LiveConnection() {
  const dispatch = useAppDispatch();
  useEffect(() => connectLiveStream(), []);
  const onEvent = useCallback(
    (e: LiveEvent) => {
      const data = (e.data ?? {}) as {
        proposal_id?: string;
        circle_id?: string;
        conversation_id?: string;
        message?: { conversation_id?: string };
        notification?: { type?: string };
      };
      if (e.type === 'notification' || e.type === 'unread' || e.type === 'ready') {
        dispatch(api.util.invalidateTags(['Notifications']));
        // A circle was proposed, accepted or dissolved: its page and the circles list are stale.
        if (e.type === 'notification' && data.notification?.type?.startsWith('circle_'))
          dispatch(circlesApi.util.invalidateTags(['Circles', 'Circle', 'Proposals']));
      } else if (e.type === 'circle') {
        dispatch(
          circlesApi.util.invalidateTags(
            data.circle_id
              ? ['Circles', { type: 'Circle', id: data.circle_id }]
              : ['Circles', 'Circle'],
          ),
        );
      } else if (e.type === 'proposal' && data.proposal_id) {
        dispatch(
          api.util.invalidateTags([{ type: 'Proposal', id: data.proposal_id }, 'Proposals']),
        );
      }
    },
    [dispatch],
  );
  useLiveEvents(onEvent);
  return null;
}
