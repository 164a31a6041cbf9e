import { AppError } from '@swapbooth/service-kit';
import { photosOf } from './disputes';
import type { ModerationDeps } from './moderation';

const actor = { id: 'a1', email: 'a1@example.test', token: 'admin-token' };
const key = (n: number) => `dispute-photos/u1/0000000${n}-0000-4000-8000-000000000000.jpg`;
const signed = (k: string) => `https://storage.test/private/${k}?X-Amz-Signature=abc`;

const open = (photos: string[]) => ({ status: 'escalated', photos });

function calls(answer: (keys: string[]) => Promise<unknown>) {
  const asked: string[][] = [];
  const deps = {
    calls: {
      disputePhotoUrls: async (_token: string, keys: string[]) => {
        asked.push(keys);
        return answer(keys);
      },
    },
  } as unknown as Pick<ModerationDeps, 'calls'>;
  return { deps, asked };
}

describe('a dispute’s photos for an admin', () => {
  it('are catalog’s short-lived URLs of the private keys, asked for with the admin’s token', async () => {
    const { deps, asked } = calls(async (keys) => ({
      urls: keys.map((k) => ({ key: k, url: signed(k) })),
      expires_in: 300,
    }));
    expect(await photosOf(deps, actor, open([key(1), key(2)]))).toEqual([
      signed(key(1)),
      signed(key(2)),
    ]);
    expect(asked).toEqual([[key(1), key(2)]]);
  });

  it('keeps a photo stored before the private path as it is, and asks nothing without keys', async () => {
    const legacy = 'https://storage.test/products/u1/old.jpg';
    const { deps, asked } = calls(async () => ({ urls: [], expires_in: 300 }));
    expect(await photosOf(deps, actor, open([legacy]))).toEqual([legacy]);
    expect(asked).toEqual([]);
  });

  it('leaves the photos out when catalog cannot give them, so the dispute still shows', async () => {
    const down = calls(async () => {
      throw AppError.unavailable('The catalog service did not answer');
    });
    expect(await photosOf(down.deps, actor, open([key(1)]))).toEqual([]);
    const odd = calls(async () => ({ something: 'else' }));
    expect(await photosOf(odd.deps, actor, open([key(1)]))).toEqual([]);
  });

  it('are not shown once the dispute is closed, and catalog is not asked', async () => {
    const { deps, asked } = calls(async (keys) => ({
      urls: keys.map((k) => ({ key: k, url: signed(k) })),
      expires_in: 300,
    }));
    expect(await photosOf(deps, actor, { status: 'closed', photos: [key(1)] })).toEqual([]);
    expect(asked).toEqual([]);
  });
});
