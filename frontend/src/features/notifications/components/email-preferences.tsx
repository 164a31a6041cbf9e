import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { InlineLoading } from '../../../components/loading-screen';
import {
  useGetEmailPreferencesQuery,
  useSetEmailPreferenceMutation,
  type EmailKind,
} from '../notifications-api';

/** The trade e-mails a member can turn off, as My Account, Settings lists them. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  'exchange-received': 'A proposal for my listings arrives',
  'exchange-accepted': 'My proposal is accepted',
  'exchange-completed': 'An exchange is completed',
  'exchange-deadlines':
    'An exchange deadline comes up (time to ship, a missed shipping deadline, automatic completion)',
  subscription: 'My subscription changes',
};

/** E-mail me when…: one switch per trade e-mail kind. */
export function EmailPreferences() {
  const toast = useToast();
  const { data, isLoading } = useGetEmailPreferencesQuery();
  const [save, saving] = useSetEmailPreferenceMutation();
  return (
    <section className="panel" aria-labelledby="email-preferences-heading">
      <h2 id="email-preferences-heading" className="panel__title">
        E-mail me when
      </h2>
      {isLoading || !data ? (
        <InlineLoading />
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {(Object.keys(EMAIL_KIND_LABELS) as EmailKind[]).map((kind) => (
            <li key={kind}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={data[kind] !== false}
                  disabled={saving.isLoading}
                  onChange={(e) =>
                    save({ [kind]: e.target.checked })
                      .unwrap()
                      .catch((err: unknown) => toast(errorMessage(err), 'error'))
                  }
                />{' '}
                {EMAIL_KIND_LABELS[kind]}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
