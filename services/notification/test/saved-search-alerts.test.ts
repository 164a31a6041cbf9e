import { randomBytes } from 'node:crypto';
import type { EventData } from '@swapbooth/contracts';
import { eventually, listMail, waitForMail } from '@swapbooth/test-kit';
import { newMember, startNotification, type Member, type NotificationHarness } from './harness';

jest.setTimeout(90_000);

let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification();
});
afterAll(async () => {
  await h?.stop();
});

interface Shown {
  notification_id: string;
  type: string;
  title: string;
  message: string;
  data: string;
}

const alertsOf = async (m: Member): Promise<Shown[]> => {
  const r = await h.call('GET', `/api/notifications/user/${m.id}`, m.token);
  expect(r.status).toBe(200);
  return (r.body.data as Shown[]).filter((n) => n.type === 'saved_search_match');
};

async function registered(): Promise<Member> {
  const m = newMember();
  await h.publish('user.registered', m.id, { userId: m.id, email: m.email, authMethod: 'email' });
  await eventually(async () => (await h.service.deps.members.get(m.id)).email === m.email, 20_000);
  return m;
}

const DAY = 86_400_000;

function matched(
  m: Member,
  over: Partial<EventData<'saved-search.matched'>> = {},
): EventData<'saved-search.matched'> {
  const listingId = `p${randomBytes(6).toString('hex')}`;
  return {
    memberId: m.id,
    listingId,
    searchIds: ['s1'],
    searchNames: ['Tents near home'],
    alerts: 'in_app',
    delivery: 'instant',
    listing: {
      title: `Dome tent ${listingId}`,
      slug: `dome-tent-${listingId}`,
      imageUrl: `https://img.test/${listingId}.jpg`,
      distance: 10.2,
    },
    matchedAt: new Date().toISOString(),
    ...over,
  };
}

/** GET /api/stream for a member, collecting what arrives. */
async function openStream(m: Member) {
  const abort = new AbortController();
  const res = await fetch(`${h.url}/api/stream`, {
    headers: { Authorization: `Bearer ${m.token}` },
    signal: abort.signal,
  });
  let text = '';
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        text += decoder.decode(chunk, { stream: true });
    } catch {
      // closed
    }
  })();
  await eventually(() => text.includes('event: ready'), 10_000);
  return { text: () => text, close: () => abort.abort() };
}

describe('saved-search alerts', () => {
  it('in the app: one notification naming the listing, its distance and picture, pushed live, once however often the event comes', async () => {
    const m = await registered();
    const stream = await openStream(m);
    const d = matched(m);
    const env = await h.publish('saved-search.matched', m.id, d);
    await h.send(env);
    await h.publish('saved-search.matched', m.id, { ...d, searchIds: ['s2'] });
    await eventually(
      () => stream.text().includes(`saved_search_match:${m.id}:${d.listingId}`),
      15_000,
    );
    const shown = await alertsOf(m);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: 'New match for your saved search',
      message: `"${d.listing.title}", 10.2 mi away, matches your saved search "Tents near home"`,
    });
    expect(JSON.parse(shown[0]!.data)).toEqual({
      product_id: d.listingId,
      slug: d.listing.slug,
      search_id: 's1',
      image_url: d.listing.imageUrl,
      distance: 10.2,
    });
    stream.close();
    // In-app alerts send no e-mail.
    expect((await listMail()).filter((mail) => mail.to.some((t) => t.address === m.email))).toEqual(
      [],
    );
  });

  it('by e-mail at once: the notification and one e-mail linking to the listing', async () => {
    const m = await registered();
    const d = matched(m, { alerts: 'email_instant' });
    const env = await h.publish('saved-search.matched', m.id, d);
    await h.send(env);
    const mail = await waitForMail(m.email, /New match/);
    expect(mail.subject).toBe(`New match: "${d.listing.title}" on Swapbooth`);
    expect(mail.text).toContain(`http://app.test/listings/${d.listing.slug}`);
    expect(mail.text).toContain('10.2 mi away');
    expect(mail.html).toContain(d.listing.imageUrl);
    await eventually(async () => (await alertsOf(m)).length === 1 || undefined, 15_000);
    // The redelivery sent nothing more.
    const toMember = (await listMail()).filter((x) => x.to.some((t) => t.address === m.email));
    expect(toMember).toHaveLength(1);
  });

  it('the daily digest gathers a day’s matches in one e-mail, sent when due and only once', async () => {
    const m = await registered();
    const day = [1, 2, 3].map(() => matched(m, { alerts: 'email_daily', delivery: 'digest' }));
    // Past the hourly cap an in-app search's matches go to the digest too.
    const capped = matched(m, { alerts: 'in_app', delivery: 'digest' });
    for (const d of [...day, capped]) await h.publish('saved-search.matched', m.id, d);
    const news = h.service.deps.savedSearches;
    await eventually(async () => {
      const tomorrow = new Date(Date.now() + DAY + 1000);
      return (
        (await h.service.ctx.conn
          .collection('saved_search_digest')
          .countDocuments({ memberId: m.id, dueAt: { $lte: tomorrow } })) === 4 || undefined
      );
    }, 20_000);
    // Nothing is due yet: no e-mail and no notification.
    await news.sendDueDigests(new Date());
    expect(await alertsOf(m)).toEqual([]);

    await news.sendDueDigests(new Date(Date.now() + DAY + 1000));
    const mail = await waitForMail(m.email, /new matches/);
    expect(mail.subject).toBe('4 new matches for your saved searches on Swapbooth');
    for (const d of [...day, capped]) {
      expect(mail.text).toContain(d.listing.title);
      expect(mail.text).toContain(`http://app.test/listings/${d.listing.slug}`);
    }
    await news.sendDueDigests(new Date(Date.now() + 2 * DAY));
    const toMember = (await listMail()).filter((x) => x.to.some((t) => t.address === m.email));
    expect(toMember).toHaveLength(1);
    expect(await alertsOf(m)).toEqual([]);
  });
});
