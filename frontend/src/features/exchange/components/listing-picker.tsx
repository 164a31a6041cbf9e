import fallbackImage from '../../../assets/logo-mark.svg';
import { imageAt, type Listing } from '../../../lib/listing';
import type { ProposalListingResponse } from '@swapbooth/contracts';

/** A listing as the offer form shows it. */
export interface PickItem {
  id: string;
  title: string;
  slug: string;
  type: 'item' | 'service';
  imageUrl: string | undefined;
}

export const pickFromListing = (l: Listing): PickItem => ({
  id: l.id,
  title: l.title,
  slug: l.slug,
  type: l.type,
  imageUrl: imageAt(l.cover, 300),
});

export const pickFromProposal = (l: ProposalListingResponse): PickItem => ({
  id: l.product_id,
  title: l.title,
  slug: l.slug,
  type: l.type,
  imageUrl: l.image_url ?? undefined,
});

/** Merges lists of listings, keeping the first of each id. */
export function mergeItems(...lists: PickItem[][]): PickItem[] {
  const seen = new Set<string>();
  return lists.flat().filter((i) => !seen.has(i.id) && seen.add(i.id));
}

/** A titled group of checkboxes, one per listing, with its cover. */
export function ListingPicker({
  legend,
  items,
  selected,
  onChange,
  error,
  emptyText,
}: {
  legend: string;
  items: PickItem[];
  selected: string[];
  onChange(ids: string[]): void;
  error?: string | undefined;
  emptyText: string;
}) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className={`panel listing-picker${error ? ' listing-picker--invalid' : ''}`}>
      <legend className="panel__title">
        {legend} <span className="listing-picker__count">({selected.length} chosen)</span>
      </legend>
      {items.length === 0 ? (
        <p className="listing-picker__empty">{emptyText}</p>
      ) : (
        <ul className="listing-picker__list">
          {items.map((item) => (
            <li key={item.id}>
              <label className="listing-picker__item">
                <input
                  type="checkbox"
                  checked={selected.includes(item.id)}
                  onChange={(e) => toggle(item.id, e.target.checked)}
                />
                <img src={item.imageUrl ?? fallbackImage} alt="" width={56} height={56} />
                <span className="listing-picker__title">{item.title}</span>
                <span className={`type-badge type-badge--inline type-badge--${item.type}`}>
                  {item.type === 'service' ? 'Service' : 'Item'}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
