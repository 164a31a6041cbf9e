import { Link } from 'react-router-dom';
import { useUserId } from '../../../app/hooks';
import { useGetCategoriesQuery } from '../../../app/member-api';
import { useLikes } from '../../../app/use-likes';
import { InlineLoading } from '../../../components/loading-screen';
import { ProductGrid } from '../../../components/product-card/product-card';
import { usePageTitle } from '../../../lib/page-title';
import { NearbyListings } from '../components/nearby-listings';
import { useGetPublishedQuery } from '../listings-api';
import '../listings.css';

const STEPS = [
  {
    title: 'List what you have',
    text: 'Open a free booth and list items you no longer need or services you are good at.',
  },
  {
    title: 'Find what you need',
    text: 'Search by keyword, category or distance from your ZIP code, and add favourites to your bag.',
  },
  {
    title: 'Make an offer and swap',
    text: 'Propose an exchange, agree on the details in chat, and rate each other afterwards.',
  },
];

export default function HomePage() {
  usePageTitle('Home');
  const userId = useUserId();
  const { data, isLoading, isError } = useGetPublishedQuery({ page: 1, limit: 8 });
  const { data: categories = [] } = useGetCategoriesQuery();
  const { likeFor } = useLikes();

  return (
    <div className="home">
      <section className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">Trade what you have for what you need.</h1>
          <p className="hero__lead">
            Swapbooth is a marketplace without money: exchange items and services with members near
            you.
          </p>
          <div className="hero__actions">
            <Link className="btn btn--primary btn--large" to="/listings">
              Browse listings
            </Link>
            <Link
              className="btn btn--secondary btn--large"
              to={userId ? '/create-store' : '/authenticate?mode=signup'}
            >
              {userId ? 'Open your booth' : 'Join for free'}
            </Link>
          </div>
        </div>
      </section>

      <section className="page home__section" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="section-title">
          Popular categories
        </h2>
        <div className="category-strip">
          {categories.length === 0 &&
            // Placeholders keep the space while categories load, so nothing below jumps.
            Array.from({ length: 10 }, (_, i) => (
              <span
                key={i}
                className="category-pill category-pill--placeholder"
                aria-hidden="true"
              />
            ))}
          {categories.slice(0, 10).map((c) => (
            <Link
              key={c.id || c.name}
              className="category-pill"
              to={`/search?${new URLSearchParams({ category: c.name }).toString()}`}
            >
              {c.name}
            </Link>
          ))}
        </div>
      </section>

      <section className="page home__section" aria-labelledby="fresh-heading">
        <div className="section-header">
          <h2 id="fresh-heading" className="section-title">
            Fresh on Swapbooth
          </h2>
          <Link to="/listings">See all</Link>
        </div>
        <div className="home__fresh">
          {isLoading ? (
            <InlineLoading />
          ) : isError ? (
            <p className="hint">Listings could not be loaded right now.</p>
          ) : data?.listings.length ? (
            <ProductGrid listings={data.listings} likeFor={likeFor} />
          ) : (
            <p className="hint">No listings yet: be the first to list something.</p>
          )}
        </div>
      </section>

      <NearbyListings likeFor={likeFor} />

      <section className="page home__section" aria-labelledby="how-heading">
        <h2 id="how-heading" className="section-title">
          How swapping works
        </h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="step__title">{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
