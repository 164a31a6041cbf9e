import { Link } from 'react-router-dom';
import fallbackImage from '../../../assets/logo-mark.svg';
import { formatMoney } from '../money';
import type { PickItem } from './listing-picker';

/** Listings with their covers, each title linking to the listing. */
export function ListingList({
  title,
  items,
  emptyText = 'None',
  level = 3,
}: {
  title: string;
  items: PickItem[];
  emptyText?: string;
  /** The heading level, to follow the page's outline. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="terms-listings" aria-label={title}>
      <Heading className="terms-listings__title">{title}</Heading>
      {items.length === 0 ? (
        <p className="terms-listings__empty">{emptyText}</p>
      ) : (
        <ul className="terms-listings__list">
          {items.map((i) => (
            <li key={i.id} className="terms-listing">
              <img src={i.imageUrl ?? fallbackImage} alt="" width={64} height={64} />
              <Link to={`/listings/${encodeURIComponent(i.slug)}`}>{i.title}</Link>
              {i.type === 'service' && (
                <span className="type-badge type-badge--inline type-badge--service">Service</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Money terms as label/amount rows. */
export function MoneyList({ rows }: { rows: [label: string, amount: number][] }) {
  return (
    <dl className="money-terms">
      {rows.map(([label, amount]) => (
        <div key={label} className="money-terms__row">
          <dt>{label}</dt>
          <dd>{formatMoney(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
