import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { InlineLoading } from '../../components/loading-screen';
import { Toasts } from '../../components/toasts/toasts';
import { ErrorBoundary } from '../error-boundary';
import { useSessionCheck } from '../session-manager';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** The admin area's own bar (SPEC §2: its own login and shell), loaded with the admin pages. */
const AdminTopBar = lazy(() => import('../../features/admin/components/admin-top-bar'));

/** Everything under /admin is the admin area, its sign-in included. */
export const isAdminPath = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/** Per-route layout flags (SPEC §2: which pages have no footer, where the top bar hides on mobile). */
export interface RouteHandle {
  footer?: boolean;
  hideTopBarOnMobile?: boolean;
}

export function Shell() {
  useSessionCheck();
  const location = useLocation();
  const matches = useMatches();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;
  const footer = handle.footer !== false;
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {isAdminPath(location.pathname) ? (
        <Suspense fallback={<header className="top-bar admin-top-bar" />}>
          <AdminTopBar />
        </Suspense>
      ) : (
        <TopBar hideOnMobile={handle.hideTopBarOnMobile === true} />
      )}
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<InlineLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {footer && <Footer />}
      <Toasts />
    </div>
  );
}
