import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import HomePage from '../features/listings/pages/home-page';
import SearchPage from '../features/search/pages/search-page';
import { RequireAuth } from './guards';
import { Shell, type RouteHandle } from './layout/shell';
import { RequireOpenStore } from './store-gate';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

interface RouteSpec {
  path: string;
  element: ReactNode;
  /** Sign-in protected (SPEC §2). */
  auth?: boolean;
  /** Closed while the member's store is suspended (SPEC §4: My Store and Messages). */
  openStore?: boolean;
  handle?: RouteHandle;
}

const noFooter: RouteHandle = { footer: false };

/** Every SPEC §2 route with its guard and layout flags. */
export const routeSpecs: RouteSpec[] = [
  // The two pages most visits start on come with the app itself: loading them afterwards would put
  // another round trip before their first paint.
  { path: '/', element: <HomePage /> },
  { path: '/listings', element: page(() => import('../features/listings/pages/listings-page')) },
  { path: '/products', element: page(() => import('../features/listings/pages/listings-page')) },
  {
    path: '/listings/:slug',
    element: page(() => import('../features/listings/pages/listing-detail-page')),
    handle: noFooter,
  },
  { path: '/store/:userId', element: page(() => import('../features/store/pages/store-page')) },
  {
    path: '/search',
    element: <SearchPage />,
    handle: noFooter,
  },
  {
    path: '/notifications',
    element: page(() => import('../features/notifications/pages/notifications-page')),
    handle: noFooter,
  },
  {
    path: '/verification-complete',
    element: page(() => import('../features/subscription/pages/verification-complete-page')),
    handle: noFooter,
  },
  {
    path: '/authenticate',
    element: page(() => import('../features/auth/pages/authenticate-page')),
  },
  {
    path: '/otp-verification',
    element: page(() => import('../features/auth/pages/otp-verification-page')),
  },
  {
    path: '/create-profile',
    element: page(() => import('../features/account/pages/create-profile-page')),
  },
  {
    path: '/forgot-password',
    element: page(() => import('../features/auth/pages/forgot-password-page')),
  },
  {
    path: '/reset-password',
    element: page(() => import('../features/auth/pages/reset-password-page')),
  },
  {
    path: '/sign-in-link',
    element: page(() => import('../features/auth/pages/sign-in-link-page')),
  },
  {
    path: '/subscription/success',
    element: page(() => import('../features/subscription/pages/subscription-result-page')),
  },
  {
    path: '/subscription/cancel',
    element: page(() => import('../features/subscription/pages/subscription-cancel-page')),
  },
  {
    path: '/exchange-proposal-success',
    element: page(() => import('../features/exchange/pages/proposal-sent-page')),
  },
  {
    path: '/proposal/:proposalId/review/:action',
    element: page(() => import('../features/exchange/pages/proposal-review-page')),
  },
  {
    path: '/terms-of-service',
    element: page(() => import('../features/static-pages/pages/terms-page')),
  },
  {
    path: '/prohibited-items',
    element: page(() => import('../features/static-pages/pages/prohibited-page')),
  },
  {
    path: '/privacy-policy',
    element: page(() => import('../features/static-pages/pages/privacy-page')),
  },
  { path: '/about-us', element: page(() => import('../features/static-pages/pages/about-page')) },
  {
    path: '/fee-Schedule',
    element: page(() => import('../features/static-pages/pages/fees-page')),
  },
  {
    path: '/fee-schedule',
    element: page(() => import('../features/static-pages/pages/fees-page')),
  },

  { path: '/my-account', element: page(() => import('./pages/my-account-page')), auth: true },
  {
    path: '/liked-products',
    element: page(() => import('../features/wishlist/pages/liked-products-page')),
    auth: true,
  },
  {
    path: '/exchange-bag',
    element: page(() => import('../features/bag/pages/exchange-bag-page')),
    auth: true,
    handle: noFooter,
  },
  {
    path: '/exchange-proposal/:storeId',
    element: page(() => import('../features/exchange/pages/make-offer-page')),
    auth: true,
    handle: noFooter,
  },
  {
    path: '/exchange-proposal-review',
    element: page(() => import('../features/exchange/pages/review-offer-page')),
    auth: true,
  },
  {
    path: '/proposal/:proposalId',
    element: page(() => import('../features/exchange/pages/proposal-page')),
    auth: true,
  },
  {
    path: '/subscription',
    element: page(() => import('../features/subscription/pages/subscription-page')),
    auth: true,
  },
  {
    path: '/messages',
    element: page(() => import('../features/messages/pages/messages-page')),
    auth: true,
    openStore: true,
    handle: { footer: false, hideTopBarOnMobile: true },
  },
  {
    path: '/my-store/:username',
    element: page(() => import('../features/store/pages/my-store-page')),
    auth: true,
    openStore: true,
    handle: noFooter,
  },
  {
    path: '/create-store',
    element: page(() => import('../features/store/pages/create-store-page')),
    auth: true,
  },
  {
    path: '/circles',
    element: page(() => import('../features/circles/pages/circles-page')),
    auth: true,
  },
  {
    path: '/circles/wants',
    element: page(() => import('../features/circles/pages/want-lists-page')),
    auth: true,
  },
  {
    path: '/circles/math-trades',
    element: page(() => import('../features/circles/pages/math-trades-page')),
    auth: true,
  },
  {
    path: '/circles/math-trades/:mathTradeId',
    element: page(() => import('../features/circles/pages/math-trades-page')),
    auth: true,
  },
  {
    path: '/circles/:circleId',
    element: page(() => import('../features/circles/pages/circle-page')),
    auth: true,
  },

  {
    path: '/admin/login',
    element: page(() => import('../features/admin/pages/admin-login-page')),
    handle: noFooter,
  },
  {
    // Opened from an e-mailed one-time link, without an admin session.
    path: '/admin/reset-password',
    element: page(() => import('../features/admin/pages/admin-reset-password-page')),
    handle: noFooter,
  },
  {
    path: '/admin/*',
    element: page(() => import('../features/admin/admin-app')),
    handle: noFooter,
  },
  { path: '*', element: page(() => import('./pages/not-found-page')) },
];

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: routeSpecs.map((r) => ({
      path: r.path,
      element: r.auth ? (
        <RequireAuth>
          {r.openStore ? <RequireOpenStore>{r.element}</RequireOpenStore> : r.element}
        </RequireAuth>
      ) : (
        r.element
      ),
      ...(r.handle ? { handle: r.handle } : {}),
    })),
  },
];
