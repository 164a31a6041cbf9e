import { mockFetch } from '../test/test-utils';
import { request, UnavailableMessages } from './http';

/** What the web client tells a member when the gateway says a part of Swapbooth is down or slow. */
describe('calls the gateway could not complete', () => {
  const answer = (status: number, body?: unknown) =>
    mockFetch(() => ({ status, ...(body === undefined ? {} : { body }) }));
  const errorOf = async () => {
    const result = await request({ url: '/search', params: { query: 'lamp' } });
    if (!('error' in result)) throw new Error('expected an error');
    return result.error;
  };

  it('says a part of Swapbooth is not answering for the gateway’s JSON 502, without naming services', async () => {
    answer(502, {
      success: false,
      code: 'unavailable',
      message: 'The search service is unavailable right now',
    });
    const error = await errorOf();
    expect(error).toMatchObject({ status: 502, code: 'unavailable' });
    expect(error.message).toBe(UnavailableMessages.down);
    expect(error.message).not.toMatch(/service/);
  });

  it('says Swapbooth took too long for a 504, and to check a save before repeating it', async () => {
    answer(504, {
      success: false,
      code: 'unavailable',
      message: 'The catalog service did not answer in time',
    });
    const error = await errorOf();
    expect(error.status).toBe(504);
    expect(error.message).toBe(UnavailableMessages.slow);
    expect(error.message).toMatch(/check whether it was saved/);
  });

  it('says the same for a 502 or 504 without a JSON body (a proxy in front)', async () => {
    answer(502);
    expect((await errorOf()).message).toBe(UnavailableMessages.down);
    answer(504);
    expect((await errorOf()).message).toBe(UnavailableMessages.slow);
  });

  it('says a part is not answering for the 503 of a server that cannot be reached', async () => {
    answer(503, {
      success: false,
      code: 'unavailable',
      message: 'The service is briefly unavailable; try again in a few seconds',
    });
    expect((await errorOf()).message).toBe(UnavailableMessages.down);
  });

  it('keeps a service’s own reason for another 503', async () => {
    answer(503, { success: false, code: 'paused', message: 'Trading is paused for maintenance' });
    expect((await errorOf()).message).toBe('Trading is paused for maintenance');
  });
});

/** A call made with another token source (the admin console's) goes through the same client. */
describe('calls with another token source', () => {
  const source = (token: string | null) => ({
    current: jest.fn(() => token),
    renew: jest.fn(() => Promise.resolve(null)),
    lost: jest.fn(),
  });

  it('sends that source’s token and tells it when the server refuses it', async () => {
    const fetchMock = mockFetch(() => ({ status: 401, body: { success: false, message: 'No' } }));
    const tokens = source('admin-token');
    const result = await request({ url: '/admin/users' }, tokens);
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBe(
      'Bearer admin-token',
    );
    expect(tokens.renew).toHaveBeenCalledWith('/admin/users');
    expect(tokens.lost).toHaveBeenCalledWith('/admin/users');
    expect(result).toMatchObject({ error: { status: 401, message: 'No' } });
  });

  it('gets the same words for a gateway that could not complete the call', async () => {
    mockFetch(() => ({ status: 504 }));
    const result = await request({ url: '/admin/users' }, source('admin-token'));
    expect(result).toMatchObject({ error: { status: 504, message: UnavailableMessages.slow } });
  });
});
