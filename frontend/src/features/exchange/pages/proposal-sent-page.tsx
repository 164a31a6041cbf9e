import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../../lib/page-title';
import type { SentState } from '../offer-draft';
import '../exchange.css';

export const SENT_TITLE = 'Proposal Sent';

/** /exchange-proposal-success: where the offer went and what comes next. */
export default function ProposalSentPage() {
  usePageTitle(SENT_TITLE);
  const sent = (useLocation().state ?? {}) as SentState;
  return (
    <div className="page page--narrow exchange-page">
      <div className="panel exchange-sent">
        <h1 className="page__title">{SENT_TITLE}</h1>
        <p>
          {sent.receiverName ? `${sent.receiverName} has` : 'The other member has'} been told about
          your offer. You will be notified when they answer; until then you can follow it in My
          trades.
        </p>
        <div className="form__actions form__actions--center">
          {sent.proposalId && (
            <Link
              className="btn btn--primary"
              to={`/proposal/${encodeURIComponent(sent.proposalId)}`}
            >
              View proposal
            </Link>
          )}
          <Link className="btn btn--secondary" to="/my-account#trades">
            My trades
          </Link>
        </div>
      </div>
    </div>
  );
}
