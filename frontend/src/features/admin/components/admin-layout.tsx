import { NavLink, Outlet } from 'react-router-dom';
import { adminAreas, areaLabels, mayOpen } from '../admin-session';
import { useAdminSession } from './require-admin';
import '../admin.css';

/** The admin shell: navigation to the areas this admin may open (the admin's own bar is above it). */
export function AdminLayout() {
  const session = useAdminSession();
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
      </aside>
      <section className="admin__main">
        <Outlet />
      </section>
    </div>
  );
}
