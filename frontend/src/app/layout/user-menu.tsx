import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Dropdown } from '../../components/dropdown';
import { Avatar } from '../../components/avatar';
import { Modal } from '../../components/modal';
import { fullName } from '../../lib/format';
import { logFailure } from '../../lib/log';
import { clearToken } from '../../lib/session';
import { StoreStatusTexts, storeAccess } from '../../features/store/store-status';
import { api } from '../api';
import { useAppDispatch, useToast } from '../hooks';
import { request } from '../http';
import { memberApi, useGetMyBoothQuery, type ProfileData } from '../member-api';
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
  const toast = useToast();
  const booth = useGetMyBoothQuery(userId);
  const [restricted, setRestricted] = useState(false);
  const hasStore = Boolean(booth.data?.username);
  const name = profile ? fullName(profile.profile.firstName, profile.profile.lastName) : '';

  /** A suspended store blocks My Store and Messages; a failed check lets them open. */
  const openGated = async (to: string, close: () => void) => {
    close();
    try {
      const b = await dispatch(
        memberApi.endpoints.getMyBooth.initiate(userId, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      const access = storeAccess(b?.status);
      if (!access.open) {
        setRestricted(true);
        return;
      }
      if (access.message) toast(access.message, 'info');
    } catch (err) {
      if ((err as { status?: unknown }).status !== 404)
        logFailure('store status check failed', err);
    }
    navigate(to);
  };

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
            {hasStore ? (
              <button
                type="button"
                onClick={() =>
                  void openGated(`/my-store/${encodeURIComponent(booth.data!.username)}`, close)
                }
              >
                My Store
              </button>
            ) : (
              <Link to="/create-store" onClick={close}>
                Create Store
              </Link>
            )}
            <button type="button" onClick={() => void openGated('/messages', close)}>
              Messages
            </button>
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
      {restricted && (
        <Modal
          title={StoreStatusTexts.restrictedTitle}
          onClose={() => setRestricted(false)}
          footer={
            <button type="button" className="btn btn--primary" onClick={() => setRestricted(false)}>
              {StoreStatusTexts.understand}
            </button>
          }
        >
          <p>{StoreStatusTexts.suspended}</p>
        </Modal>
      )}
    </>
  );
}
