import { randomBytes } from 'node:crypto';
import {
  apiFailure,
  catalogEndpoints,
  checkResponse,
  type EndpointContracts,
  productPageResponse,
  reportPageResponse,
} from '@swapbooth/contracts';
import { eventually, signTestToken, type Reply, EventTap } from '@swapbooth/test-kit';
import { imageBytes, listingBody, putTo } from './support/fixtures';
import { newMember, startCatalog, type Harness, catalogTopics } from './support/harness';

let h: Harness;
let tap: EventTap;
beforeAll(async () => {
  h = await startCatalog();
  tap = new EventTap(h.config.KAFKA_BROKERS, h.topicPrefix, catalogTopics);
  await tap.start();
});
afterAll(async () => {
  await tap?.stop();
  await h?.stop();
});

type Endpoint = keyof typeof catalogEndpoints;
const checked = new Set<Endpoint>();
/** The answer's `data`, after checking it against the endpoint's contract. */
function check<K extends Endpoint>(key: K, answer: Reply) {
  checked.add(key);
  return checkResponse(catalogEndpoints, key, answer);
}

const admin = signTestToken('admin-1', {
  type: 'admin',
  audience: 'swapbooth-admin',
  extra: { role: 'admin' },
});
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

describe('catalog answers', () => {
  it('match their contracts on every endpoint, with every optional fact present', async () => {
    const [seller, fan] = [newMember(), newMember()];
    const addressId = h.auth.addAddress(seller.id, {
      zip_code: '10001',
      city: 'New York',
      state: 'NY',
      country: 'US',
    });
    await tap.publish('user.profile-updated', seller.id, {
      userId: seller.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      profileImage: 'https://img.test/ada.png',
      version: 1,
    });
    await tap.publish('rating.created', 'r1', {
      ratingId: 'r1',
      proposalId: 'x1',
      raterId: fan.id,
      ratedUserId: seller.id,
      ratingValue: 4,
      averageRating: 4.5,
      ratingCount: 2,
    });
    await tap.publish('identity.verified', seller.id, { userId: seller.id, verified: true });

    // Images and a listing with every optional field.
    const bytes = await imageBytes();
    const ticket = check(
      'POST /api/images/upload-url',
      await h.api.post(
        '/api/images/upload-url',
        {
          fileName: 'lamp.jpg',
          fileType: 'image/jpeg',
          folderType: 'products',
          userId: seller.id,
          fileSize: bytes.length,
        },
        seller.token,
      ),
    );
    expect((await putTo(h, ticket.presignedUrl, bytes, 'image/jpeg')).ok).toBe(true);
    // A second upload, published at once as a profile picture is.
    const avatarTicket = check(
      'POST /api/images/upload-url',
      await h.api.post(
        '/api/images/upload-url',
        {
          fileName: 'me.jpg',
          fileType: 'image/jpeg',
          folderType: 'profile-pics',
          fileSize: bytes.length,
        },
        seller.token,
      ),
    );
    expect((await putTo(h, avatarTicket.presignedUrl, bytes, 'image/jpeg')).ok).toBe(true);
    const avatar = check(
      'POST /api/images/publish',
      await h.api.post('/api/images/publish', { key: avatarTicket.key }, seller.token),
    );
    expect(avatar.url).toBe(avatarTicket.s3ObjectUrl);
    // A third, a dispute's photo: published privately, read through short-lived URLs.
    const photoTicket = check(
      'POST /api/images/upload-url',
      await h.api.post(
        '/api/images/upload-url',
        {
          fileName: 'crack.jpg',
          fileType: 'image/jpeg',
          folderType: 'dispute-photos',
          fileSize: bytes.length,
        },
        seller.token,
      ),
    );
    expect((await putTo(h, photoTicket.presignedUrl, bytes, 'image/jpeg')).ok).toBe(true);
    const photo = check(
      'POST /api/images/publish',
      await h.api.post('/api/images/publish', { key: photoTicket.key }, seller.token),
    );
    expect(photo.url).toBeNull();
    const photoUrls = check(
      'POST /api/images/private-urls',
      await h.api.post('/api/images/private-urls', { keys: [photoTicket.key] }, seller.token),
    );
    expect(photoUrls.urls.map((u) => u.key)).toEqual([photoTicket.key]);
    const created = check(
      'POST /api/product',
      await h.api.post(
        '/api/product',
        listingBody({
          addressId,
          brand: 'Bell',
          color: 'black',
          weight: 2.5,
          images: [{ image_url: ticket.s3ObjectUrl }],
        }),
        seller.token,
      ),
    );
    const id = created.product_id;

    // A booth, through both answers of the availability checks.
    const username = unique('corner_');
    const name = unique('Corner Shop ');
    expect(
      check(
        'GET /api/booth/check-username/{value}',
        await h.api.get(`/api/booth/check-username/${username}`),
      ),
    ).toEqual({ available: true });
    check(
      'GET /api/booth/check-name/{value}',
      await h.api.get(`/api/booth/check-name/${encodeURIComponent(name)}`),
    );
    const booth = check(
      'POST /api/booth',
      await h.api.post(
        '/api/booth',
        {
          name,
          username,
          description: 'Vintage finds',
          interests: ['Books'],
          user_id: seller.id,
          address_id: addressId,
        },
        seller.token,
      ),
    );
    expect(
      check(
        'GET /api/booth/check-username/{value}',
        await h.api.get(`/api/booth/check-username/${username}`),
      ),
    ).toMatchObject({ available: false, reason: expect.any(String) });
    check('GET /api/booth/{userId}', await h.api.get(`/api/booth/${seller.id}`));
    check('GET /api/booth/username/{username}', await h.api.get(`/api/booth/username/${username}`));
    check(
      'PUT /api/booth/{id}',
      await h.api.put(
        `/api/booth/${booth.booth_id}`,
        { interests: ['Books', 'Vinyl'] },
        seller.token,
      ),
    );
    check('POST /api/booth/views/{id}', await h.api.post(`/api/booth/views/${booth.booth_id}`, {}));
    check('GET /api/booth/views/{id}', await h.api.get(`/api/booth/views/${booth.booth_id}`));

    // The listing, once the seller's profile, rating, ID check and booth have reached catalog.
    const full = await eventually(async () => {
      const p = check('GET /api/product/{id}', await h.api.get(`/api/product/${id}`));
      return Object.keys(p.user_profile ?? {}).length === 7 && p.booth ? p : undefined;
    }, 20_000);
    expect(full).toMatchObject({
      cover_image: expect.any(String),
      cover_variants: expect.any(Object),
      location: { zip_code: '10001', country: 'US' },
      booth: { booth_id: booth.booth_id, interests: ['Books', 'Vinyl'] },
    });
    check('GET /api/product/slug/{slug}', await h.api.get(`/api/product/slug/${full.slug}`));
    check(
      'PUT /api/product/{id}',
      await h.api.put(`/api/product/${id}`, { title: unique('Brass lamp ') }, seller.token),
    );
    const pages = [
      check('GET /api/product/published', await h.api.get('/api/product/published?limit=100')),
      check(
        'GET /api/product/published-by-user/{userId}',
        await h.api.get(`/api/product/published-by-user/${seller.id}`),
      ),
      check('GET /api/product/booth/{username}', await h.api.get(`/api/product/booth/${username}`)),
      check(
        'GET /api/profile/user/{userId}/products',
        await h.api.get(`/api/profile/user/${seller.id}/products`, seller.token),
      ),
    ];
    for (const page of pages) expect(page.products.map((p) => p.product_id)).toContain(id);
    expect(
      check(
        'GET /api/product/count/user/{userId}',
        await h.api.get(`/api/product/count/user/${seller.id}`),
      ),
    ).toEqual({ count: 1 });

    // Likes and the exchange bag.
    check(
      'POST /api/product/{id}/like/{userId}',
      await h.api.post(`/api/product/${id}/like/${fan.id}`, {}, fan.token),
    );
    expect(
      check(
        'GET /api/product/{userId}/liked',
        await h.api.get(`/api/product/${fan.id}/liked`, fan.token),
      ),
    ).toHaveLength(1);
    check(
      'DELETE /api/product/{id}/unlike/{userId}',
      await h.api.delete(`/api/product/${id}/unlike/${fan.id}`, fan.token),
    );
    check(
      'POST /api/product/{id}/add-to-bag/{userId}',
      await h.api.post(`/api/product/${id}/add-to-bag/${fan.id}`, {}, fan.token),
    );
    const [group] = check(
      'GET /api/product/{userId}/bag',
      await h.api.get(`/api/product/${fan.id}/bag`, fan.token),
    );
    expect(group).toMatchObject({
      seller_id: seller.id,
      user_profile: { first_name: 'Ada' },
      booth: { name },
    });
    check(
      'GET /api/products/{userId}/bag-count',
      await h.api.get(`/api/products/${fan.id}/bag-count`, fan.token),
    );
    check(
      'DELETE /api/product/{userId}/remove-to-bag/{productId}',
      await h.api.delete(`/api/product/${fan.id}/remove-to-bag/${id}`, fan.token),
    );

    // Categories and reports.
    expect(check('GET /api/categories', await h.api.get('/api/categories')).length).toBeGreaterThan(
      0,
    );
    check('GET /api/reports/reasons', await h.api.get('/api/reports/reasons'));
    check(
      'POST /api/reports',
      await h.api.post(
        '/api/reports',
        { targetType: 'product', targetId: id, reason: 'spam', details: 'Same photo twice' },
        fan.token,
      ),
    );

    // Every answer that is the JSON envelope was checked here. The image routes that answer a
    // redirect or raw bytes (and local storage's, served only without S3) have their own tests in
    // images-s3.test.ts and images-local-disk.test.ts.
    const enveloped = Object.entries(catalogEndpoints as EndpointContracts)
      .filter(([, e]) => !e.media && !e.bodyMedia && e.status !== 302)
      .map(([key]) => key);
    expect([...checked].sort()).toEqual(enveloped.sort());
  });

  it('answers the admin service’s moderation calls in their contracts', async () => {
    const internal = (path: string) => h.api.call('GET', path, { token: admin });
    expect(
      productPageResponse.parse((await internal('/internal/products?limit=5')).body.data),
    ).toBeDefined();
    expect(
      reportPageResponse.parse((await internal('/internal/reports?limit=5')).body.data),
    ).toBeDefined();
  });

  it('answers bad input in the failure envelope, naming the field', async () => {
    const m = newMember();
    const res = await h.api.post('/api/product', listingBody({ title: undefined }), m.token);
    expect(res.status).toBe(400);
    expect(apiFailure.parse(res.body)).toMatchObject({ code: 'invalid', field: 'title' });
  });
});
