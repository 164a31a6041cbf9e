import { Link, useNavigate } from 'react-router-dom';
import { Dropdown } from '../../components/dropdown';
import { Avatar } from '../../components/avatar';
import { fullName } from '../../lib/format';
import { clearToken } from '../../lib/session';
import { api } from '../api';
import { useAppDispatch } from '../hooks';
import { request } from '../http';
import { useGetMyBoothQuery, type ProfileData } from '../member-api';
import { signedOut } from '../session-slice';

/** My Account, My Store or Create Store, Messages, Trade circles, My want lists, Logout; on mobile also Settings and Notifications. */
export function UserMenu({
  userId,
  profile,
}: {
  userId: string;
  profile: ProfileData | undefined;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const booth = useGetMyBoothQuery(userId);
  const hasStore = Boolean(booth.data?.username);
  const name = profile ? fullName(profile.profile.firstName, profile.profile.lastName) : '';

  const logout = async (close: () => void) => {
    close();
    await request({ url: '/auth/logout', method: 'POST' });
    clearToken();
    dispatch(signedOut(undefined));
    dispatch(api.util.resetApiState());
    navigate('/');
  };

  return (
    <>
      <Dropdown
        className="user-menu"
        label="Account menu"
        trigger={
          <Avatar src={profile?.profile.profileImage || undefined} name={name || 'Me'} size={32} />
        }
      >
        {(close) => (
          <nav className="menu" aria-label="Account">
            {name && <div className="menu__header">{name}</div>}
            <Link to="/my-account" onClick={close}>
              My Account
            </Link>
            {/* A suspended store is stopped by the routes themselves (RequireOpenStore). */}
            {hasStore ? (
              <Link to={`/my-store/${encodeURIComponent(booth.data!.username)}`} onClick={close}>
                My Store
              </Link>
            ) : (
              <Link to="/create-store" onClick={close}>
                Create Store
              </Link>
            )}
            <Link to="/messages" onClick={close}>
              Messages
            </Link>
            <Link to="/circles" onClick={close}>
              Trade circles
            </Link>
            <Link to="/circles/wants" onClick={close}>
              My want lists
            </Link>
            <Link to="/my-account#settings" onClick={close} className="mobile-only">
              Settings
            </Link>
            <Link to="/notifications" onClick={close} className="mobile-only">
              Notifications
            </Link>
            <button type="button" onClick={() => void logout(close)}>
              Logout
            </button>
          </nav>
        )}
      </Dropdown>
    </>
  );
}
