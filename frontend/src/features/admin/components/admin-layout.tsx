import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useAdminLogoutMutation } from '../admin-api';
import { adminAreas, adminSession, areaLabels, mayOpen } from '../admin-session';
import { useAdminSession } from './require-admin';
import '../admin.css';

/** The admin shell: navigation to the areas this admin may open, and the signed-in admin. */
export function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const [logout] = useAdminLogoutMutation();
  const user = session.status === 'valid' ? session.user : undefined;
  const areas = adminAreas.filter((a) => mayOpen(user, a));
  return (
    <div className="admin">
      <aside className="admin__nav">
        <p className="admin__brand">Admin</p>
        <nav aria-label="Admin areas">
          <ul>
            {areas.map((a) => (
              <li key={a}>
                <NavLink to={`/admin/${a}`}>{areaLabels[a]}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user && (
          <div className="admin__who">
            <span>{user.email}</span>
            <span className="admin-muted">{user.role}</span>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={async () => {
                // The server forgets the token first; signing out here happens whatever it answers.
                await logout();
                adminSession.clear();
                navigate('/admin/login', { replace: true });
              }}
            >
              Log out
            </button>
          </div>
        )}
      </aside>
      <section className="admin__main">
        <Outlet />
      </section>
    </div>
  );
}
