import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import { eventually, EventTap, signTestToken } from '@swapbooth/test-kit';
import {
  catalogTopics,
  newMember,
  startCatalog,
  type Harness,
  type Member,
} from './support/harness';
import { gpsJpeg, imageBytes, uploadBytes } from './support/fixtures';

/**
 * A dispute's photos take the private path: uploaded like any image, checked and stripped of
 * their metadata when published, but stored where nobody reads them directly. Only the uploader,
 * the dispute's parties (once catalog heard of the dispute) and an admin with the disputes area
 * get short-lived URLs to them.
 */
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

const adminToken = (areas: string[]) =>
  signTestToken(`admin-${randomUUID()}`, {
    type: 'admin',
    audience: 'swapbooth-admin',
    extra: { role: 'staff', permissions: Object.fromEntries(areas.map((a) => [a, true])) },
  });

async function privatePhoto(m: Member): Promise<string> {
  const t = await uploadBytes(h, m, await gpsJpeg(), 'image/jpeg', 'dispute-photos');
  expect(t.key).toMatch(new RegExp(`^dispute-photos/${m.id}/[0-9a-f-]{36}\\.jpg$`));
  const published = await h.api.post('/api/images/publish', { key: t.key }, m.token);
  expect(published.status).toBe(200);
  expect(published.body.data).toEqual({ key: t.key, url: null });
  return t.key;
}

const urlsFor = (keys: string[], token: string, path = '/api/images/private-urls') =>
  h.api.post(path, { keys }, token);

describe('dispute photos on the private path', () => {
  it('lets the uploader, the dispute’s parties and a disputes admin read a photo; nobody else', async () => {
    const [opener, respondent, stranger] = [newMember(), newMember(), newMember()];
    const key = await privatePhoto(opener);

    // Storage refuses the object to anyone without a signature, where it is and where public
    // images would be.
    const bucket = `${h.config.S3_ENDPOINT}/${h.config.S3_BUCKET}`;
    expect((await fetch(`${bucket}/private/${key}`)).status).toBe(403);
    expect([403, 404]).toContain((await fetch(`${bucket}/${key}`)).status);
    expect((await fetch(`${bucket}/uploads/${key}`)).status).toBe(403);
    expect(
      (await h.api.get(`/api/images/variant?key=${encodeURIComponent(key)}&w=300`)).status,
    ).toBe(404);

    // The uploader reads it at once: re-encoded, without the place it was taken or the camera.
    const own = await urlsFor([key], opener.token);
    expect(own.status).toBe(200);
    expect(own.body.data.expires_in).toBe(300);
    const [{ url }] = own.body.data.urls;
    expect(url).toContain('X-Amz-Signature');
    const read = await fetch(url);
    expect(read.status).toBe(200);
    const bytes = Buffer.from(await read.arrayBuffer());
    expect(await exifr.parse(bytes, { gps: true, tiff: true }).catch(() => undefined)).toBeFalsy();

    // The other party once catalog heard of the dispute; before, and for anyone else, a 403.
    expect((await urlsFor([key], respondent.token)).status).toBe(403);
    await tap.publish('dispute.opened', randomUUID(), {
      disputeId: randomUUID(),
      proposalId: randomUUID(),
      openedBy: opener.id,
      respondentId: respondent.id,
      reason: 'damaged',
      status: 'open',
      answerDueAt: new Date(Date.now() + 3 * 86400_000).toISOString(),
      photoKeys: [key],
    });
    const theirs = await eventually(async () => {
      const res = await urlsFor([key], respondent.token);
      return res.status === 200 ? res : undefined;
    }, 20_000);
    expect((await fetch(theirs.body.data.urls[0].url)).status).toBe(200);
    const refused = await urlsFor([key], stranger.token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('X-Amz');

    // An admin with the disputes area, by the internal route the admin service calls.
    const admin = await urlsFor([key], adminToken(['disputes']), '/internal/dispute-photos/urls');
    expect(admin.status).toBe(200);
    expect((await fetch(admin.body.data.urls[0].url)).status).toBe(200);
    expect(
      (await urlsFor([key], adminToken(['products']), '/internal/dispute-photos/urls')).status,
    ).toBe(403);
    expect((await urlsFor([key], opener.token, '/internal/dispute-photos/urls')).status).toBe(401);
  });

  it('takes only the opener’s own photos from a dispute, and refuses what is not a private photo', async () => {
    const [opener, respondent, other] = [newMember(), newMember(), newMember()];
    const othersKey = await privatePhoto(other);
    const marker = await privatePhoto(opener);
    await tap.publish('dispute.opened', randomUUID(), {
      disputeId: randomUUID(),
      proposalId: randomUUID(),
      openedBy: opener.id,
      respondentId: respondent.id,
      reason: 'other',
      status: 'open',
      answerDueAt: new Date().toISOString(),
      photoKeys: [othersKey, marker],
    });
    await eventually(
      async () => (await urlsFor([marker], respondent.token)).status === 200,
      20_000,
    );
    expect((await urlsFor([othersKey], respondent.token)).status).toBe(403);
    expect((await urlsFor([othersKey], opener.token)).status).toBe(403);

    const listingImage = await uploadBytes(h, opener, await imageBytes('image/png'), 'image/png');
    expect((await urlsFor([listingImage.key], opener.token)).status).toBe(400);
  });
});
