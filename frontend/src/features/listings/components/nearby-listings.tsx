import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUserId } from '../../../app/hooks';
import { useGetProfileQuery } from '../../../app/member-api';
import type { LikeControl } from '../../../components/product-card/product-card';
import { ProductGrid } from '../../../components/product-card/product-card';
import { InlineLoading } from '../../../components/loading-screen';
import type { Listing } from '../../../lib/listing';
import { storage, StorageKeys } from '../../../lib/storage-keys';
import { NEARBY_RADIUS, useGetNearbyQuery } from '../listings-api';

export const NearbyTexts = {
  title: 'Nearby listings',
  within: (zip: string) => `Within ${NEARBY_RADIUS} mi of ${zip}`,
  askZip: `Enter your ZIP code to see listings within ${NEARBY_RADIUS} miles of you.`,
  badZip: 'Enter a 5-digit ZIP code.',
  none: (zip: string) => `No listings within ${NEARBY_RADIUS} mi of ${zip} yet.`,
  failed: 'Nearby listings could not be loaded right now.',
} as const;

const ZIP = /^\d{5}$/;

/**
 * The home page's nearby listings (SPEC §7, §9: type=all, radius 25, limit 25): around the ZIP the
 * visitor chose here, else the member's default address.
 */
export function NearbyListings({
  likeFor,
}: {
  likeFor: (listing: Listing) => LikeControl | undefined;
}) {
  const userId = useUserId();
  const { data: profile } = useGetProfileQuery(undefined, { skip: !userId });
  const [chosen, setChosen] = useState(() => storage.get(StorageKeys.nearbyZip) ?? '');
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const defaultZip = profile?.defaultAddress?.zipCode ?? '';
  const zip = ZIP.test(chosen) ? chosen : ZIP.test(defaultZip) ? defaultZip : '';
  const nearby = useGetNearbyQuery(zip, { skip: !zip });
  const typed = draft ?? zip;

  const choose = (e: FormEvent) => {
    e.preventDefault();
    const value = typed.trim();
    if (!ZIP.test(value)) return setProblem(NearbyTexts.badZip);
    setProblem('');
    setDraft(null);
    setChosen(value);
    storage.set(StorageKeys.nearbyZip, value);
  };

  const searchAll = `/search?${new URLSearchParams({ searchZip: zip, radius: String(NEARBY_RADIUS) }).toString()}`;

  return (
    <section className="page home__section nearby" aria-labelledby="nearby-heading">
      <div className="section-header">
        <div>
          <h2 id="nearby-heading" className="section-title">
            {NearbyTexts.title}
          </h2>
          {zip && <p className="hint nearby__within">{NearbyTexts.within(zip)}</p>}
        </div>
        <form className="nearby__zip" onSubmit={choose} noValidate>
          <label className="field field--inline">
            <span className="field__label">ZIP code</span>
            <input
              value={typed}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              size={6}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--secondary">
            Show nearby
          </button>
          {zip && <Link to={searchAll}>See all</Link>}
        </form>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {!zip ? (
        <p className="hint">{NearbyTexts.askZip}</p>
      ) : nearby.isFetching && !nearby.currentData ? (
        <InlineLoading />
      ) : nearby.isError ? (
        <p className="hint">{NearbyTexts.failed}</p>
      ) : nearby.currentData?.length ? (
        <ProductGrid listings={nearby.currentData} likeFor={likeFor} />
      ) : (
        <p className="hint">{NearbyTexts.none(zip)}</p>
      )}
    </section>
  );
}
