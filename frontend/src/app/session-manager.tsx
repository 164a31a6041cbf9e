import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkStoredToken, clearToken, SessionMessages } from '../lib/session';
import { api } from './api';
import { useAppDispatch, useAppSelector } from './hooks';
import { refreshSession } from './http';
import { useGetProfileQuery } from './member-api';
import { sentHome, signedIn, signedOut } from './session-slice';

/**
 * SPEC §4 on every route change: the stored token must have three parts and an unexpired exp
 * (else it is removed); a silent refresh through the cookie is tried before giving up; the profile
 * is loaded again, and a 401 while doing so sends the member to /.
 */
export function useSessionCheck(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const session = useAppSelector((s) => s.session);
  const triedRefresh = useRef(false);
  const route = `${location.pathname}${location.search}`;

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let check = checkStoredToken();
      if (!check.ok && (!triedRefresh.current || check.reason === SessionMessages.expired)) {
        triedRefresh.current = true;
        if (await refreshSession()) check = checkStoredToken();
      }
      if (cancelled) return;
      if (check.ok && check.userId) {
        if (session.status !== 'signedIn' || session.userId !== check.userId) {
          dispatch(signedIn({ userId: check.userId }));
        }
      } else if (session.status !== 'signedOut') {
        if (session.status === 'signedIn') dispatch(api.util.resetApiState());
        dispatch(signedOut(check.ok ? SessionMessages.invalidFormat : check.reason));
      }
    })();
    return () => {
      cancelled = true;
    };
    // The check runs per route change; session changes made here must not re-trigger it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, dispatch]);

  const userId = session.status === 'signedIn' ? session.userId : undefined;
  const profile = useGetProfileQuery(undefined, { skip: !userId });
  const firstRoute = useRef(route);
  const { refetch } = profile;
  useEffect(() => {
    if (!userId || route === firstRoute.current) return;
    firstRoute.current = route;
    void refetch();
  }, [route, userId, refetch]);

  const sendHome = session.sendHome;
  useEffect(() => {
    if (!sendHome) return;
    clearToken();
    dispatch(sentHome());
    navigate('/', { replace: true });
  }, [sendHome, dispatch, navigate]);
}
