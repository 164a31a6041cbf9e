import { parseSse } from './live-stream';

describe('reading the live stream', () => {
  it('splits events, parses JSON data, keeps ids and skips comments and empty blocks', () => {
    const { events, rest } = parseSse(
      'retry: 3000\n\n: ping\n\nid: 1-0\nevent: notification\ndata: {"a":1}\n\nevent: ready\ndata: {"unread_count":2}\n\nid: 2-0\nevent: chat.mes',
    );
    expect(events).toEqual([
      { type: 'notification', data: { a: 1 }, id: '1-0' },
      { type: 'ready', data: { unread_count: 2 } },
    ]);
    expect(rest).toBe('id: 2-0\nevent: chat.mes');
  });

  it('joins data lines, accepts CRLF, and keeps text that is not JSON', () => {
    const { events } = parseSse('data: one\r\ndata: two\r\n\r\n');
    expect(events).toEqual([{ type: 'message', data: 'one\ntwo' }]);
  });
});
