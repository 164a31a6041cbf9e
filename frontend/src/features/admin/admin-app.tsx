import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { InlineLoading } from '../../components/loading-screen';
import { adminAreas, mayOpen, type AdminArea } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import {
  RequireAdminSession,
  RequirePermission,
  useAdminSession,
} from './components/require-admin';

const pages: Record<AdminArea, ComponentType> = {
  dashboard: lazy(() => import('./pages/dashboard-page')),
  users: lazy(() => import('./pages/users-page')),
  products: lazy(() => import('./pages/products-page')),
  subscriptions: lazy(() => import('./pages/subscriptions-page')),
  reports: lazy(() => import('./pages/reports-page')),
  disputes: lazy(() => import('./pages/disputes-page')),
  audit: lazy(() => import('./pages/audit-page')),
  platform: lazy(() => import('./pages/platform-page')),
  organisers: lazy(() => import('./pages/organisers-page')),
  admins: lazy(() => import('./pages/admins-page')),
};

/** /admin lands on the first area this admin may open. */
function AdminHome() {
  const session = useAdminSession();
  const user = session.status === 'valid' ? session.user : undefined;
  const first = adminAreas.find((a) => mayOpen(user, a)) ?? 'dashboard';
  return <Navigate to={`/admin/${first}`} replace />;
}

/** Everything under /admin but its sign-in: the guarded shell and one page per area. */
export default function AdminApp() {
  return (
    <RequireAdminSession>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<AdminHome />} />
          {adminAreas.map((area) => {
            const Page = pages[area];
            return (
              <Route
                key={area}
                path={area}
                element={
                  <RequirePermission area={area}>
                    <Suspense fallback={<InlineLoading />}>
                      <Page />
                    </Suspense>
                  </RequirePermission>
                }
              />
            );
          })}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </RequireAdminSession>
  );
}
