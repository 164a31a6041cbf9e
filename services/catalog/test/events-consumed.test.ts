import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import { eventually, EventTap } from '@swapbooth/test-kit';
import { newMember, startCatalog, type Harness, catalogTopics } from './support/harness';
import { createListing, download, gpsJpeg, uploadBytes } from './support/fixtures';

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

describe('events catalog consumes', () => {
  const read = (id: string, token?: string) =>
    eventually(async () => (await h.api.get(`/api/product/${id}`, token)).body.data);

  it('shows seller names, rating and the ID-verified flag on listings, ignoring stale profile versions', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    expect((await read(p.product_id)).user_profile).toBeUndefined();
    await tap.publish('user.profile-updated', m.id, {
      userId: m.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      profileImage: 'https://img/ada.png',
      version: 2,
    });
    await tap.publish('user.profile-updated', m.id, { userId: m.id, firstName: 'Old', version: 1 });
    await tap.publish('rating.created', 'r1', {
      ratingId: 'r1',
      proposalId: 'p1',
      raterId: 'x',
      ratedUserId: m.id,
      ratingValue: 4,
      averageRating: 4.5,
      ratingCount: 2,
    });
    await tap.publish('identity.verified', m.id, { userId: m.id, verified: true });
    const expected = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      profile_image: 'https://img/ada.png',
      average_rating: 4.5,
      rating_count: 2,
      is_kyc_verified: true,
    };
    await eventually(async () => {
      const view = (await h.api.get(`/api/product/${p.product_id}`)).body.data;
      return JSON.stringify(view.user_profile) === JSON.stringify(expected);
    }, 15000);
  });

  it('publishes a member’s uploaded picture, stripped, once their profile shows it', async () => {
    const m = newMember();
    const mine = await uploadBytes(h, m, await gpsJpeg(), 'image/jpeg', 'profile-pics');
    const stranger = newMember();
    const theirs = await uploadBytes(h, stranger, await gpsJpeg(), 'image/jpeg', 'profile-pics');
    expect((await fetch(mine.s3ObjectUrl)).status).toBe(404);
    // Someone else's upload named as one's picture is not published.
    await tap.publish('user.profile-updated', m.id, {
      userId: m.id,
      profileImage: theirs.s3ObjectUrl,
      version: 1,
    });
    await tap.publish('user.profile-updated', m.id, {
      userId: m.id,
      profileImage: mine.s3ObjectUrl,
      version: 2,
    });
    await eventually(async () => (await fetch(mine.s3ObjectUrl)).status === 200, 15000);
    expect(await exifr.parse(await download(h, mine.s3ObjectUrl))).toBeUndefined();
    expect((await fetch(theirs.s3ObjectUrl)).status).toBe(404);
  });

  it('places a listing without an address at the owner’s default address', async () => {
    const m = newMember();
    await tap.publish('user.default-address-changed', m.id, {
      userId: m.id,
      addressId: 'home-1',
      zipCode: '73301',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      version: 1,
    });
    const p = await eventually(async () => {
      const created = await createListing(h, m);
      return created.location ? created : undefined;
    }, 15000);
    expect(p).toMatchObject({
      addressId: 'home-1',
      location: { zip_code: '73301', city: 'Austin', state: 'TX' },
    });
  });

  it('takes a suspended member’s listings out of public lists and search, and brings them back', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    await tap.publish('user.status-changed', m.id, {
      userId: m.id,
      status: 'suspended',
      previousStatus: 'active',
    });
    await eventually(
      async () => (await h.api.get(`/api/product/${p.product_id}`)).status === 404,
      15000,
    );
    expect((await h.api.get(`/api/product/published-by-user/${m.id}`)).body.data.totalCount).toBe(
      0,
    );
    expect((await h.api.get(`/api/product/${p.product_id}`, m.token)).status).toBe(200);
    const hidden = await tap.waitFor(
      'product.updated',
      (d) => d.productId === p.product_id && d.sellerActive === false,
    );
    expect(hidden.data.status).toBe('published');
    expect(
      (
        await h.api.post(
          '/api/product',
          {
            title: 'While suspended',
            description: 'x',
            category: 'Books',
            type: 'item',
            condition: 'good',
          },
          m.token,
        )
      ).status,
    ).toBe(403);

    await tap.publish('user.status-changed', m.id, {
      userId: m.id,
      status: 'active',
      previousStatus: 'suspended',
    });
    await eventually(
      async () => (await h.api.get(`/api/product/${p.product_id}`)).status === 200,
      15000,
    );
    await tap.waitFor(
      'product.updated',
      (d) => d.productId === p.product_id && d.sellerActive === true,
    );
  });

  it('suspends a suspended member’s booth with the account and restores the status it had', async () => {
    const m = newMember();
    const username = `away_${randomUUID().slice(0, 8)}`;
    const created = await h.api.post(
      '/api/booth',
      {
        name: `Away Shop ${randomUUID().slice(0, 8)}`,
        description: 'Back soon',
        interests: ['Books'],
        user_id: m.id,
        username,
      },
      m.token,
    );
    expect(created.status).toBe(201);
    const boothId = created.body.data.booth_id as string;
    expect(
      (await h.api.put(`/api/booth/${boothId}`, { status: 'on_vacation' }, m.token)).status,
    ).toBe(200);
    const status = async () =>
      (await h.api.get(`/api/booth/username/${username}`)).body.data?.status as string | undefined;

    await tap.publish('user.status-changed', m.id, {
      userId: m.id,
      status: 'suspended',
      previousStatus: 'active',
    });
    await eventually(async () => (await status()) === 'suspended', 15000);
    await tap.waitFor(
      'booth.status-changed',
      (d) =>
        d.boothId === boothId && d.status === 'suspended' && d.previousStatus === 'on_vacation',
    );
    const owner = await h.api.put(`/api/booth/${boothId}`, { status: 'active' }, m.token);
    expect(owner.status).toBe(409);

    await tap.publish('user.status-changed', m.id, {
      userId: m.id,
      status: 'active',
      previousStatus: 'suspended',
    });
    await eventually(async () => (await status()) === 'on_vacation', 15000);
  });

  it('reserves listings of an accepted exchange, trades them on completion, and frees them on cancellation', async () => {
    const [a, b] = [newMember(), newMember()];
    const [wanted, offered, other] = [
      await createListing(h, a),
      await createListing(h, b),
      await createListing(h, a),
    ];
    const deal = randomUUID();
    const facts = {
      proposalId: deal,
      senderId: b.id,
      receiverId: a.id,
      productIds: [wanted.product_id],
      offeredProductIds: [offered.product_id],
    };
    await tap.publish('proposal.accepted', deal, facts);
    await eventually(
      async () =>
        (await read(wanted.product_id)).status === 'reserved' &&
        (await read(offered.product_id)).status === 'reserved',
      15000,
    );
    const edit = await h.api.put(
      `/api/product/${wanted.product_id}`,
      { title: 'Changed after accept' },
      a.token,
    );
    expect(edit.status).toBe(409);
    const status = await tap.waitFor(
      'product.status-changed',
      (d) => d.productId === wanted.product_id && d.status === 'reserved',
    );
    expect(status.data.previousStatus).toBe('published');

    await tap.publish('proposal.completed', deal, facts);
    await eventually(
      async () =>
        (await read(wanted.product_id)).status === 'traded' &&
        (await read(offered.product_id)).status === 'traded',
      15000,
    );

    const second = randomUUID();
    const secondFacts = {
      ...facts,
      proposalId: second,
      productIds: [other.product_id],
      offeredProductIds: [],
    };
    await tap.publish('proposal.accepted', second, secondFacts);
    await eventually(async () => (await read(other.product_id)).status === 'reserved', 15000);
    await tap.publish('proposal.cancelled', second, secondFacts);
    await eventually(async () => (await read(other.product_id)).status === 'published', 15000);
  });
});
