import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { InlineLoading } from '../components/loading-screen';
import { Modal } from '../components/modal';
import { logFailure } from '../lib/log';
import { StoreStatusTexts, storeAccess } from '../features/store/store-status';
import { useToast, useUserId } from './hooks';
import type { ApiError } from './http';
import { useGetMyBoothQuery } from './member-api';

/**
 * SPEC §4: a suspended store blocks My Store and Messages, however they are reached (the menu, a
 * typed address, a notification): the route shows "Store Access Restricted" instead of the page,
 * and "I Understand" leads back. Other statuses open the page with their message; a member
 * without a store, or a failed check, opens it as it is.
 */
export function RequireOpenStore({ children }: { children: ReactNode }) {
  const userId = useUserId() ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  // Asked afresh on each visit (an admin may have suspended the store since the last answer);
  // once answered, later refreshes never take the page away for a spinner.
  const booth = useGetMyBoothQuery(userId, { skip: !userId, refetchOnMountOrArgChange: true });
  const [since] = useState(() => Date.now());
  const [answered, setAnswered] = useState(false);
  const fresh = (booth.fulfilledTimeStamp ?? 0) >= since || (booth.isError && !booth.isFetching);
  if (fresh && !answered) setAnswered(true);
  const settled = answered || fresh;
  const status = booth.error ? undefined : booth.data?.status;
  const access = storeAccess(status);
  const told = useRef(false);

  useEffect(() => {
    if (!settled || told.current) return;
    told.current = true;
    const error = booth.error as ApiError | undefined;
    if (error && error.status !== 404) logFailure('store status check failed', error);
    if (access.open && access.message) toast(access.message, 'info');
  }, [settled, booth.error, access.open, access.message, toast]);

  if (!settled) return <InlineLoading />;
  if (access.open) return <>{children}</>;
  const leave = () => {
    // Back where the member came from, or home when this page was the first one opened.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
  return (
    <Modal
      title={StoreStatusTexts.restrictedTitle}
      onClose={leave}
      footer={
        <button type="button" className="btn btn--primary" onClick={leave}>
          {StoreStatusTexts.understand}
        </button>
      }
    >
      <p>{StoreStatusTexts.suspended}</p>
    </Modal>
  );
}
