import { Link } from 'react-router-dom';
import { useUserId } from '../../../app/hooks';
import { useGetBagQuery } from '../../../app/member-api';
import { Dropdown } from '../../../components/dropdown';
import { BagIcon } from '../../../components/icons';
import { truncateTitle } from '../../../components/product-card/card-rules';
import { imageAt } from '../../../lib/listing';
import fallbackImage from '../../../assets/logo-mark.svg';

/** Top-bar exchange bag: count and the listings in it, grouped by seller. */
export function BagDropdown() {
  const userId = useUserId();
  const { data: groups = [], isError } = useGetBagQuery(userId ?? '', { skip: !userId });
  const count = groups.reduce((n, g) => n + g.listings.length, 0);
  return (
    <Dropdown
      className="bag-dropdown"
      label={count ? `Exchange bag, ${count} listings` : 'Exchange bag'}
      trigger={
        <>
          <BagIcon />
          {count > 0 && <span className="count-badge">{count}</span>}
        </>
      }
    >
      {(close) => (
        <div className="dropdown-card">
          <div className="dropdown-card__header">
            <strong>Exchange bag</strong>
          </div>
          {isError && <p className="dropdown-card__empty">Your bag could not be loaded.</p>}
          {!isError && count === 0 && (
            <p className="dropdown-card__empty">Your exchange bag is empty.</p>
          )}
          <ul className="mini-list">
            {groups.flatMap((g) =>
              g.listings.map((l) => (
                <li key={l.id}>
                  <Link
                    to={`/listings/${encodeURIComponent(l.slug)}`}
                    onClick={close}
                    className="mini-item"
                  >
                    <img
                      src={imageAt(l.cover, 300) ?? fallbackImage}
                      alt=""
                      width={40}
                      height={40}
                    />
                    <span>
                      <span className="mini-item__title">{truncateTitle(l.title)}</span>
                      <span className="mini-item__sub">{g.boothName ?? g.sellerName}</span>
                    </span>
                  </Link>
                </li>
              )),
            )}
          </ul>
          <Link className="btn btn--primary btn--block" to="/exchange-bag" onClick={close}>
            View exchange bag
          </Link>
        </div>
      )}
    </Dropdown>
  );
}
