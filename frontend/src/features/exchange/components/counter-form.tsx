import type { ProposalResponse } from '@swapbooth/contracts';
import { errorMessage } from '../../../app/http';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { useGetTradeableListingsQuery } from '../exchange-api';
import { partyName, sidesOf, viewerTermsOf, type ViewerTerms } from '../proposal-view';
import { mergeItems, pickFromListing, pickFromProposal } from './listing-picker';
import { OfferForm } from './offer-form';

/** New terms for a proposal, starting from the current ones (the offer picker, reused). */
export function CounterForm({
  proposal,
  me,
  busy,
  serverError,
  onSubmit,
  onClose,
}: {
  proposal: ProposalResponse;
  me: string;
  busy: boolean;
  serverError: string | null;
  onSubmit(terms: ViewerTerms): void;
  onClose(): void;
}) {
  const sides = sidesOf(proposal);
  const otherId = sides.otherId ?? '';
  const theirs = useGetTradeableListingsQuery({ userId: otherId }, { skip: !otherId });
  const mine = useGetTradeableListingsQuery({ userId: me });
  if (theirs.isLoading || mine.isLoading) return <InlineLoading />;
  const failed = theirs.error ?? mine.error;
  if (failed) {
    return <ErrorState message={errorMessage(failed, 'The listings could not be loaded.')} />;
  }
  const published = (page: typeof theirs.data) =>
    (page?.listings ?? []).filter((l) => l.status === 'published').map(pickFromListing);
  // The listings already in the terms stay choosable even if catalog now lists them otherwise.
  const theirItems = mergeItems(sides.theirListings.map(pickFromProposal), published(theirs.data));
  const myItems = mergeItems(sides.myListings.map(pickFromProposal), published(mine.data));
  return (
    <section className="panel counter-panel" aria-labelledby="counter-title">
      <h2 id="counter-title" className="panel__title">
        Counter offer
      </h2>
      <OfferForm
        role={proposal.role}
        theirLegend={`${partyName(sides.otherParty)}’s listings`}
        theirItems={theirItems}
        myItems={myItems}
        initial={viewerTermsOf(proposal)}
        submitLabel="Send counter offer"
        busy={busy}
        serverError={serverError}
        onSubmit={onSubmit}
        extraActions={
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Discard counter
          </button>
        }
      />
    </section>
  );
}
