import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetBucketLifecycleConfigurationCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { eventually } from '@swapbooth/test-kit';
import { newMember, startCatalog, type Harness, type Member } from './support/harness';
import { absolute, imageBytes, listingBody, putTo, uploadTicket } from './support/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'catalog-expiry-'));
/** Uploads are deleted when they have waited 3 s unattached; the sweeper looks every 250 ms. */
const uploads = { UPLOAD_TTL_SECONDS: '3', UPLOAD_SWEEP_MS: '250' };
let s3: Harness;
let local: Harness;
let admin: S3Client;
beforeAll(async () => {
  s3 = await startCatalog({ UPLOAD_URL_TTL_SECONDS: '1', ...uploads });
  local = await startCatalog({
    UPLOAD_URL_TTL_SECONDS: '1',
    ...uploads,
    S3_ENDPOINT: '',
    LOCAL_IMAGE_DIR: dir,
    LOCAL_IMAGE_SECRET: randomBytes(32).toString('hex'),
  });
  admin = new S3Client({
    endpoint: s3.config.S3_ENDPOINT,
    region: s3.config.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: s3.config.S3_ACCESS_KEY_ID!,
      secretAccessKey: s3.config.S3_SECRET_ACCESS_KEY!,
    },
  });
});
afterAll(async () => {
  admin?.destroy();
  await Promise.all([s3?.stop(), local?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether storage still holds the upload, asked with storage's own access (not as the public). */
const stored = {
  s3: (key: string) =>
    admin.send(new HeadObjectCommand({ Bucket: s3.config.S3_BUCKET, Key: `uploads/${key}` })).then(
      () => true,
      () => false,
    ),
  local: async (key: string) => existsSync(path.join(dir, 'uploads', key)),
};

describe('upload URLs expire', () => {
  it.each([
    ['S3', () => s3],
    ['the local disk', () => local],
  ])('refuses an upload to %s once its 1-second URL has expired', async (_where, harness) => {
    const h = harness();
    const m = newMember();
    const bytes = await imageBytes();
    const t = await uploadTicket(h, m, { fileSize: bytes.length });
    expect(t.expiresIn).toBe(1);
    await sleep(2100);
    const res = await putTo(h, t.presignedUrl, bytes, 'image/jpeg');
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/expired/i);
  });
});

/** Signs and sends an upload; a URL that expired on the way (it lives 1 s here) is signed again. */
async function upload(h: Harness, m: Member) {
  const bytes = await imageBytes();
  for (let attempt = 1; ; attempt++) {
    const t = await uploadTicket(h, m, { fileSize: bytes.length });
    const res = await putTo(h, t.presignedUrl, bytes, 'image/jpeg');
    if (res.ok) return t;
    if (attempt === 5) throw new Error(`upload answered ${res.status}`);
  }
}

describe('uploads never attached expire', () => {
  it.each([
    ['S3', () => s3, stored.s3],
    ['the local disk', () => local, stored.local],
  ])(
    'deletes from %s an upload nobody attached, which nobody could read meanwhile',
    async (_where, harness, isStored) => {
      const h = harness();
      const m = newMember();
      const t = await upload(h, m);
      expect(await isStored(t.key)).toBe(true);
      expect([403, 404]).toContain((await fetch(absolute(h, t.s3ObjectUrl))).status);

      await eventually(async () => !(await isStored(t.key)), 30_000, 100);
      const res = await h.api.post(
        '/api/product',
        listingBody({ images: [{ image_url: t.s3ObjectUrl }] }),
        m.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('images.0.image_url: nothing was uploaded to this URL');
    },
  );

  it('has the bucket itself delete uploads after a day, where no sweeper runs', async () => {
    const { Rules } = await admin.send(
      new GetBucketLifecycleConfigurationCommand({ Bucket: s3.config.S3_BUCKET }),
    );
    expect(Rules).toContainEqual(
      expect.objectContaining({
        Status: 'Enabled',
        Filter: expect.objectContaining({ Prefix: 'uploads/' }),
        Expiration: expect.objectContaining({ Days: 1 }),
      }),
    );
  });
});
