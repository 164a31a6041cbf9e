import { Link, useLocation } from 'react-router-dom';
import logo from '../../assets/logo.svg';
import { HeartIcon, PinIcon } from '../../components/icons';
import { BagDropdown } from '../../features/bag/components/bag-dropdown';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchBox } from '../../features/search/components/search-box';
import { addressLine } from '../../lib/format';
import { rememberRedirect } from '../../lib/session';
import { useSessionStatus, useUserId } from '../hooks';
import { LiveConnection } from '../live-connection';
import { useGetProfileQuery } from '../member-api';
import { UserMenu } from './user-menu';

export function TopBar({ hideOnMobile = false }: { hideOnMobile?: boolean }) {
  const userId = useUserId();
  const status = useSessionStatus();
  const location = useLocation();
  const { data: profile } = useGetProfileQuery(undefined, { skip: !userId });
  const address = addressLine(profile?.defaultAddress);

  return (
    <header className={`top-bar${hideOnMobile ? ' top-bar--hide-mobile' : ''}`}>
      <div className="top-bar__inner">
        <Link to="/" className="top-bar__logo" aria-label="Swapbooth home">
          <img src={logo} alt="Swapbooth" width={156} height={40} />
        </Link>
        {address && (
          <span className="top-bar__address" title="Your default address">
            <PinIcon />
            {address}
          </span>
        )}
        <div className="top-bar__search">
          <SearchBox />
        </div>
        <nav className="top-bar__actions" aria-label="Member">
          {userId ? (
            <>
              <LiveConnection />
              <NotificationBell />
              <BagDropdown />
              <Link to="/liked-products" className="icon-button" aria-label="Wishlist">
                <HeartIcon />
              </Link>
              <UserMenu userId={userId} profile={profile} />
            </>
          ) : status === 'checking' ? (
            <span className="top-bar__pending" aria-hidden="true" />
          ) : (
            <Link
              to="/authenticate"
              className="btn btn--primary"
              onClick={() => location.pathname !== '/' && rememberRedirect(location)}
            >
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
