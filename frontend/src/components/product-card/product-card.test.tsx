import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ProductResponse } from '@swapbooth/contracts';
import { fromCard, fromProduct } from '../../lib/listing';
import { listingCard, productResponse } from '../../test/fixtures';
import { heartFills } from '../hearts';
import { ID_VERIFIED_TOOLTIP } from '../id-verified-badge';
import { chipCapacity, interestChips, truncateTitle } from './card-rules';
import { ProductCard, ProductGrid } from './product-card';

const listing = (over: Partial<ProductResponse> = {}) =>
  fromProduct(
    productResponse({
      user_profile: {
        first_name: 'Sam',
        last_name: 'Seller',
        average_rating: 3.5,
        rating_count: 12,
        is_kyc_verified: true,
      },
      booth: {
        booth_id: 'b1',
        name: 'Sam’s Swaps',
        username: 'sams',
        interests: ['Books', 'Plants', 'Vinyl', 'Tools', 'Games'],
        status: 'active',
      },
      ...over,
    }),
  );

const renderCard = (l = listing(), like?: Parameters<typeof ProductCard>[0]['like']) =>
  render(
    <MemoryRouter>
      <ProductCard listing={l} like={like} />
    </MemoryRouter>,
  );

describe('card rules', () => {
  it('cuts titles at 20 characters plus "..."', () => {
    expect(truncateTitle('A very long vintage brass desk lamp')).toBe('A very long vintage ...');
    expect(truncateTitle('Exactly twenty chars')).toBe('Exactly twenty chars');
  });

  it('shows five hearts with a half heart for a fraction', () => {
    expect(heartFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(heartFills(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(heartFills(0.2)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(heartFills(undefined)).toEqual(Array(5).fill('empty'));
    expect(heartFills(7)).toEqual(Array(5).fill('full'));
  });

  it('fits chips from width 200 (minus 48 with a distance), 60 each, at least 2', () => {
    expect(chipCapacity(false)).toBe(3);
    expect(chipCapacity(true)).toBe(2);
    expect(interestChips(['a', 'b', 'c', 'd', 'e'], false)).toEqual({
      shown: ['a', 'b', 'c'],
      overflow: 2,
    });
    expect(interestChips(['a', 'b', 'c', 'd', 'e'], true)).toEqual({
      shown: ['a', 'b'],
      overflow: 3,
    });
    expect(interestChips(['a', 'b'], true)).toEqual({ shown: ['a', 'b'], overflow: 0 });
  });
});

describe('product card', () => {
  it('shows the truncated title, booth name, badge, hearts, review count and chips', () => {
    renderCard();
    const card = screen.getByTestId('product-card');
    expect(within(card).getByText('A very long vintage ...')).toBeInTheDocument();
    expect(within(card).getByText('Sam’s Swaps')).toBeInTheDocument();
    expect(within(card).getByText('Item')).toBeInTheDocument();
    expect(within(card).getByText('(12)')).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: 'Rated 3.5 out of 5 from 12 reviews' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Exchange Interests:')).toBeInTheDocument();
    expect(within(card).getAllByText(/^(Books|Plants|Vinyl|Tools|Games)$/)).toHaveLength(3);
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(within(card).getAllByRole('link')[0]).toHaveAttribute('href', '/listings/vintage-lamp');
  });

  it('shows the ID Verified badge with its tooltip', () => {
    renderCard();
    expect(screen.getByText('ID Verified')).toBeInTheDocument();
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(ID_VERIFIED_TOOLTIP);
    expect(ID_VERIFIED_TOOLTIP).toBe(
      'This user has completed the ID verification process to provide more trust to fellow exchangers.',
    );
  });

  it('shows the distance in miles and makes room for it in the chips', () => {
    renderCard({ ...listing({ type: 'service' }), distance: 4.26 });
    expect(screen.getByText('4.3 mi')).toBeInTheDocument();
    expect(screen.getByText('Service')).toBeInTheDocument();
    expect(screen.getByText('+3')).toBeInTheDocument();
  });

  it('shows a search hit’s distance, rating, review count and ID check', () => {
    renderCard(
      fromCard(
        listingCard({
          distance: 2.5,
          rating_average: 4.5,
          review_count: 3,
          is_kyc_verified: true,
          booth: { name: 'Corner', interests: ['Books'] },
        }),
      ),
    );
    expect(screen.getByText('2.5 mi')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 3 reviews' }),
    ).toBeInTheDocument();
    expect(screen.getByText('(3)')).toBeInTheDocument();
    expect(screen.getByText('ID Verified')).toBeInTheDocument();
    expect(screen.getByText('Corner')).toBeInTheDocument();
  });

  it('loads a search hit’s card-sized copies of its cover, not the original', () => {
    const { container } = renderCard(
      fromCard(
        listingCard({
          image_url: 'http://img/9.png',
          images: [{ image_url: 'http://img/9.png', is_default: true }],
          cover_variants: {
            300: 'http://img/9_w300',
            600: 'http://img/9_w600',
            900: 'http://img/9_w900',
          },
        }),
      ),
    );
    const img = container.querySelector('img.product-card__img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('http://img/9_w300');
    expect(img.getAttribute('srcset')).toBe(
      'http://img/9_w300 300w, http://img/9_w600 600w, http://img/9_w900 900w',
    );
  });

  it('falls back to the seller name without a booth, and to the logo when the image fails', () => {
    const { container } = renderCard(listing({ booth: undefined }));
    expect(screen.getByText('Sam Seller')).toBeInTheDocument();
    const img = container.querySelector('img.product-card__img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('http://img/1_w300.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('test-file-stub.svg');
  });

  it('disables the like button while its call runs', () => {
    const onToggle = jest.fn();
    const { rerender } = renderCard(listing(), { liked: false, busy: false, onToggle });
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(
      <MemoryRouter>
        <ProductCard listing={listing()} like={{ liked: true, busy: true, onToggle }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toBeDisabled();
  });
});

describe('grid pictures', () => {
  it('loads the first screen’s pictures at once, the first one first, and the rest when scrolled to', () => {
    const listings = ['a', 'b', 'c'].map((id) => listing({ product_id: id, slug: id }));
    const { container } = render(
      <MemoryRouter>
        <ProductGrid listings={listings} eagerImages={2} />
      </MemoryRouter>,
    );
    const pictures = [...container.querySelectorAll('img.product-card__img')];
    expect(pictures.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    expect(pictures.map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    // The first picture loads alone; the others start once it has arrived.
    expect(pictures.map((i) => i.getAttribute('src'))).toEqual([
      'http://img/1_w300.jpg',
      null,
      null,
    ]);
    fireEvent.load(pictures[0]!);
    expect(pictures.map((i) => i.getAttribute('src'))).toEqual(
      Array(3).fill('http://img/1_w300.jpg'),
    );
  });

  it('lets the other pictures load when the first one fails', () => {
    const listings = ['a', 'b'].map((id) => listing({ product_id: id, slug: id }));
    const { container } = render(
      <MemoryRouter>
        <ProductGrid listings={listings} eagerImages={2} />
      </MemoryRouter>,
    );
    const pictures = [...container.querySelectorAll('img.product-card__img')];
    expect(pictures[1]!.getAttribute('src')).toBeNull();
    fireEvent.error(pictures[0]!);
    expect(pictures[1]!.getAttribute('src')).toBe('http://img/1_w300.jpg');
  });

  it('loads every picture when scrolled to by default', () => {
    const { container } = render(
      <MemoryRouter>
        <ProductGrid listings={[listing()]} />
      </MemoryRouter>,
    );
    const picture = container.querySelector('img.product-card__img')!;
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('fetchpriority')).toBeNull();
  });
});
