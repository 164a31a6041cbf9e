import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { auth, signUp, type Member } from './support/accounts';

jest.setTimeout(60_000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const follow = (m: Member, followingUserId: string, action: 'follow' | 'unfollow' = 'follow') =>
  request(stack.url).post(`/api/following/${action}`).set(auth(m.token)).send({ followingUserId });

describe('following', () => {
  it('follows idempotently and lists both sides with public profiles', async () => {
    const [a, b] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
    await request(stack.url).put('/api/profile').set(auth(b.token)).send({ firstName: 'Bea' });
    const first = await follow(a, b.userId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ isFollowing: true, changed: true });
    const again = await follow(a, b.userId);
    expect(again.body.data).toMatchObject({ isFollowing: true, changed: false });

    const following = await request(stack.url).get('/api/following/following').set(auth(a.token));
    expect(following.body.data).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(following.body.data.following[0]).toEqual({
      user_id: b.userId,
      first_name: 'Bea',
      last_name: null,
      username: null,
      profile_image: null,
    });
    const followers = await request(stack.url).get(`/api/following/followers/${b.userId}`);
    expect(followers.status).toBe(200);
    expect(followers.body.data.followers.map((u: { user_id: string }) => u.user_id)).toEqual([
      a.userId,
    ]);

    const status = await request(stack.url)
      .get(`/api/following/status/${b.userId}`)
      .set(auth(a.token));
    expect(status.body.data).toEqual({
      userId: b.userId,
      isFollowing: true,
      isFollowedBy: false,
      followersCount: 1,
      followingCount: 0,
    });
  });

  it('unfollows idempotently', async () => {
    const [a, b] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
    await follow(a, b.userId);
    expect((await follow(a, b.userId, 'unfollow')).body.data.changed).toBe(true);
    expect((await follow(a, b.userId, 'unfollow')).body.data.changed).toBe(false);
    const status = await request(stack.url)
      .get(`/api/following/status/${b.userId}`)
      .set(auth(a.token));
    expect(status.body.data).toMatchObject({ isFollowing: false, followersCount: 0 });
    expect((await follow(a, b.userId)).body.data.changed).toBe(true);
  });

  it('keeps one follow when the same follow arrives many times at once', async () => {
    const [a, b] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => follow(a, b.userId)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.filter((r) => r.body.data.changed)).toHaveLength(1);
    const list = await request(stack.url).get(`/api/following/followers/${b.userId}`);
    expect(list.body.data.total).toBe(1);
  });

  it('pages the lists', async () => {
    const target = await signUp(stack.url);
    const fans = await Promise.all([signUp(stack.url), signUp(stack.url), signUp(stack.url)]);
    for (const f of fans) await follow(f, target.userId);
    const page = (n: number) =>
      request(stack.url).get(`/api/following/followers/${target.userId}?page=${n}&limit=2`);
    const one = (await page(1)).body.data;
    const two = (await page(2)).body.data;
    expect(one).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(one.followers).toHaveLength(2);
    expect(two.followers).toHaveLength(1);
    const all = [...one.followers, ...two.followers].map((u: { user_id: string }) => u.user_id);
    expect(all.sort()).toEqual(fans.map((f) => f.userId).sort());
  });

  it('refuses to follow yourself with 400, and an unknown member with 404', async () => {
    const a = await signUp(stack.url);
    const self = await follow(a, a.userId);
    expect(self.status).toBe(400);
    expect(self.body.field).toBe('followingUserId');
    expect((await follow(a, 'no-such-member')).status).toBe(404);
  });

  it('needs a signed-in member to follow, and a valid page to list', async () => {
    const a = await signUp(stack.url);
    const anonymous = await request(stack.url)
      .post('/api/following/follow')
      .send({ followingUserId: a.userId });
    expect(anonymous.status).toBe(401);
    const bad = await request(stack.url).get(`/api/following/followers/${a.userId}?limit=500`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
  });
});
