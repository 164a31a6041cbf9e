import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { rememberRedirect } from '../lib/session';
import { useSessionStatus } from './hooks';

/**
 * Sign-in-protected pages: visitors go to /authenticate and the page they wanted (path, query and
 * hash) is kept under redirectUrl so sign-in returns them there.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const location = useLocation();
  if (status === 'checking') return <LoadingScreen label="Checking your session" />;
  if (status === 'signedOut') {
    rememberRedirect(location);
    return <Navigate to="/authenticate" replace />;
  }
  return <>{children}</>;
}
