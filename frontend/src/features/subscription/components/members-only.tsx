import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSessionStatus } from '../../../app/hooks';
import { InlineLoading } from '../../../components/loading-screen';

/**
 * The public return pages (Checkout, Identity) show a member's own state: while the session is
 * being restored they wait, and a visitor is asked to sign in and brought back.
 */
export function MembersOnly({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const { pathname, search } = useLocation();
  if (status === 'checking') return <InlineLoading />;
  if (status !== 'signedIn') {
    return (
      <p role="status">
        <Link
          to="/authenticate"
          onClick={() => window.localStorage.setItem('redirectUrl', `${pathname}${search}`)}
        >
          Sign in
        </Link>{' '}
        to see your subscription and verification.
      </p>
    );
  }
  return <>{children}</>;
}
