import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../../app/hooks';
import {
  AdminMessages,
  adminSession,
  mayOpen,
  type AdminArea,
  type AdminSessionState,
} from '../admin-session';

/** The stored admin session, re-read whenever it changes and on every navigation. */
export function useAdminSession(): AdminSessionState {
  useSyncExternalStore(adminSession.subscribe, adminSession.snapshot, adminSession.snapshot);
  useLocation();
  return adminSession.check();
}

/**
 * The admin shell's guard (SPEC §5): without both adminToken and adminUser, or with an expired
 * token, the page goes to /admin/login; an expired session is cleared with its toast.
 */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const toast = useToast();
  const told = useRef(false);
  const expired = session.status === 'expired';
  useEffect(() => {
    if (expired && !told.current) {
      told.current = true;
      adminSession.clear();
      toast(AdminMessages.sessionExpired, 'error');
    }
  }, [expired, toast]);
  if (session.status !== 'valid') return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}

/** A page needing a permission: allowed for admin/executive or the map's entry, else Access Denied. */
export function RequirePermission({ area, children }: { area: AdminArea; children: ReactNode }) {
  const session = useAdminSession();
  const toast = useToast();
  const user = session.status === 'valid' ? session.user : undefined;
  const allowed = mayOpen(user, area);
  const denied = user !== undefined && !allowed;
  useEffect(() => {
    if (denied) toast(AdminMessages.noPermission, 'error');
  }, [denied, area, toast]);
  if (!user) return <Navigate to="/admin/login" replace />;
  if (!allowed) return <AccessDenied />;
  return <>{children}</>;
}

export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <section className="admin-denied" role="alert">
      <h1>Access Denied</h1>
      <p>{AdminMessages.noPermission}</p>
      <button type="button" className="btn btn--primary" onClick={() => navigate(-1)}>
        Go Back
      </button>
    </section>
  );
}
