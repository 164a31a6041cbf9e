import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newMember, startCatalog, type Harness } from './support/harness';
import { imageBytes, putTo, uploadTicket } from './support/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'catalog-expiry-'));
let s3: Harness;
let local: Harness;
beforeAll(async () => {
  s3 = await startCatalog({ UPLOAD_URL_TTL_SECONDS: '1' });
  local = await startCatalog({
    UPLOAD_URL_TTL_SECONDS: '1',
    S3_ENDPOINT: '',
    LOCAL_IMAGE_DIR: dir,
    LOCAL_IMAGE_SECRET: randomBytes(32).toString('hex'),
  });
});
afterAll(async () => {
  await Promise.all([s3?.stop(), local?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
