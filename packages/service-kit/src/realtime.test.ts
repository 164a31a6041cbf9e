import { compareStreamIds, isStreamId, parseRealtimePush } from './realtime';

describe('realtime pushes', () => {
  it('reads a push announced on the channel, keeping newlines-free JSON data whole', () => {
    expect(parseRealtimePush('u1\n1700000000000-3\nnotification\n{"a":"b\\nc"}')).toEqual({
      userId: 'u1',
      id: '1700000000000-3',
      type: 'notification',
      data: '{"a":"b\\nc"}',
    });
    expect(parseRealtimePush('u1\n1-0')).toBeUndefined();
  });

  it('orders stream ids by time, then sequence, as numbers', () => {
    expect(compareStreamIds('1700000000000-2', '1700000000000-10')).toBe(-1);
    expect(compareStreamIds('1700000000001-0', '1700000000000-99')).toBe(1);
    expect(compareStreamIds('5-5', '5-5')).toBe(0);
  });

  it('accepts only stream ids as Last-Event-ID', () => {
    expect(isStreamId('1700000000000-0')).toBe(true);
    for (const bad of ['', '$', '1700000000000', '1-2-3', '1-a', '(1-0', `${'9'.repeat(17)}-0`])
      expect(isStreamId(bad)).toBe(false);
  });
});
