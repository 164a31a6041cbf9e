import { Link, useLocation } from 'react-router-dom';
import { AccountSettings } from '../../features/account/components/account-settings';
import { MyTrades } from '../../features/exchange/components/my-trades';
import { EmailPreferences } from '../../features/notifications/components/email-preferences';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel';
import { SavedSearchesSection } from '../../features/saved-searches/components/saved-searches-section';
import { usePageTitle } from '../../lib/page-title';

type Section = 'settings' | 'notifications' | 'trades' | 'saved-searches';

const sections: Partial<Record<string, Section>> = {
  '#notifications': 'notifications',
  '#trades': 'trades',
  '#saved-searches': 'saved-searches',
};

const titles: Record<Section, string> = {
  settings: 'My Account',
  notifications: 'Notifications',
  trades: 'My trades',
  'saved-searches': 'Saved searches',
};

/**
 * /my-account: #settings (default), #notifications, #trades and #saved-searches, composed from
 * features.
 */
export default function MyAccountPage() {
  const { hash } = useLocation();
  const section = sections[hash] ?? 'settings';
  usePageTitle(titles[section]);
  return (
    <div className="page account-page">
      <h1 className="page__title">My Account</h1>
      <div className="tabs" role="tablist" aria-label="Account sections">
        <Link
          to="#settings"
          role="tab"
          aria-selected={section === 'settings'}
          className={`tab${section === 'settings' ? ' tab--active' : ''}`}
        >
          Settings
        </Link>
        <Link
          to="#notifications"
          role="tab"
          aria-selected={section === 'notifications'}
          className={`tab${section === 'notifications' ? ' tab--active' : ''}`}
        >
          Notifications
        </Link>
        <Link
          to="#trades"
          role="tab"
          aria-selected={section === 'trades'}
          className={`tab${section === 'trades' ? ' tab--active' : ''}`}
        >
          My trades
        </Link>
        <Link
          to="#saved-searches"
          role="tab"
          aria-selected={section === 'saved-searches'}
          className={`tab${section === 'saved-searches' ? ' tab--active' : ''}`}
        >
          Saved searches
        </Link>
      </div>
      <div id={section}>
        {section === 'notifications' ? (
          <NotificationsPanel />
        ) : section === 'saved-searches' ? (
          <SavedSearchesSection />
        ) : section === 'trades' ? (
          <div className="stack">
            <MyTrades />
            <p>
              Trades between several members at once: <Link to="/circles">Trade circles</Link> ·{' '}
              <Link to="/circles/wants">My want lists</Link>
            </p>
          </div>
        ) : (
          <div className="stack">
            <AccountSettings />
            <EmailPreferences />
          </div>
        )}
      </div>
    </div>
  );
}
