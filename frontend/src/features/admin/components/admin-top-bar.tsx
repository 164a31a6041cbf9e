import { Link, useNavigate } from 'react-router-dom';
import logo from '../../../assets/logo.svg';
import { useAdminLogoutMutation } from '../admin-api';
import { adminSession } from '../admin-session';
import { useAdminSession } from './require-admin';
import '../admin.css';

/**
 * The admin area's own top bar, in place of the member one (whose "Sign In" and member menus mean
 * nothing here): the signed-in admin and Log out; on the sign-in page, only the logo.
 */
export default function AdminTopBar() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const [logout, logoutState] = useAdminLogoutMutation();
  const user = session.status === 'valid' ? session.user : undefined;

  const signOut = async () => {
    // The server forgets the token first; signing out here happens whatever it answers.
    await logout();
    adminSession.clear();
    navigate('/admin/login', { replace: true });
  };

  return (
    <header className="top-bar admin-top-bar">
      <div className="top-bar__inner">
        <Link to="/admin" className="top-bar__logo" aria-label="Swapbooth admin">
          <img src={logo} alt="Swapbooth" width={156} height={40} />
        </Link>
        <span className="admin-top-bar__label">Admin</span>
        {user && (
          <nav className="admin-top-bar__who" aria-label="Admin">
            <span className="admin-top-bar__name">{user.email}</span>
            <span className="admin-muted">{user.role}</span>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={logoutState.isLoading}
              onClick={() => void signOut()}
            >
              Log out
            </button>
          </nav>
        )}
      </div>
    </header>
  );
}
