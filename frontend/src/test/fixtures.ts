import type {
  ApiSuccess,
  ListingCardResponse,
  ProductResponse,
  SearchResponse,
} from '@swapbooth/contracts';

/** A catalog product view (the contract's shape), with overrides. */
export const productResponse = (over: Partial<ProductResponse> = {}): ProductResponse => ({
  product_id: 'p1',
  slug: 'vintage-lamp',
  title: 'A very long vintage brass desk lamp',
  description: 'Brass, works well.',
  category: 'Home',
  type: 'item',
  status: 'published',
  tags: [],
  search_text: 'a very long vintage brass desk lamp home item',
  images: [
    {
      image_url: 'http://img/1.jpg',
      is_default: true,
      display_order: 1,
      variants: {
        300: 'http://img/1_w300.jpg',
        600: 'http://img/1_w600.jpg',
        900: 'http://img/1_w900.jpg',
      },
    },
  ],
  userId: 'u1',
  user_id: 'u1',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** A search hit (the contract's listing card), with overrides. */
export const listingCard = (over: Partial<ListingCardResponse> = {}): ListingCardResponse => ({
  product_id: 'p1',
  id: 'p1',
  slug: 'listing-1',
  title: 'Listing number 1',
  type: 'item',
  category: 'Electronics',
  tags: [],
  images: [],
  user_id: 'seller',
  userId: 'seller',
  user_profile: { first_name: 'Sam', last_name: 'Seller' },
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** `GET /api/search` answering with these hits. */
export const searchBody = (
  products: ListingCardResponse[],
  over: Partial<SearchResponse> = {},
): ApiSuccess<SearchResponse> => ({
  success: true,
  data: {
    products,
    totalCount: products.length,
    counts: {
      items: products.filter((p) => p.type === 'item').length,
      services: products.filter((p) => p.type === 'service').length,
    },
    page: 1,
    limit: 25,
    totalPages: Math.ceil(products.length / 25),
    ...over,
  },
});
