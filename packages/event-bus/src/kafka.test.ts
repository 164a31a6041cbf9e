import { logLevel } from 'kafkajs';
import { kafkaLogLevel } from './kafka';

const entry = (namespace: string, level: logLevel, error?: string) => ({
  namespace,
  level,
  log: { message: 'Response Fetch(key: 1, version: 11)', timestamp: '', logger: 'kafkajs', error },
});

describe('kafkajs log lines', () => {
  it.each([
    ['a heartbeat answered rebalancing', 'The group is rebalancing, so a rejoin is needed'],
    [
      'a new partition without its leader yet',
      'This server is not the leader for that topic-partition',
    ],
    [
      'a partition whose leader is being elected',
      'There is no leader for this topic-partition as we are in the middle of a leadership election',
    ],
    ['a group whose coordinator is not up yet', 'The group coordinator is not available'],
    [
      'a coordinator still loading its offsets',
      "The coordinator is loading and hence can't process requests for this group",
    ],
    ['a group whose coordinator moved', 'This is not the correct coordinator for this group'],
    ['topics another service created first', 'Topic creation errors'],
  ])('log %s at debug, since the client retries it', (_what, error) => {
    expect(kafkaLogLevel(entry('Connection', logLevel.ERROR, error))).toBe('debug');
  });

  it('log any other error as an error, and warnings as warnings', () => {
    expect(kafkaLogLevel(entry('Connection', logLevel.ERROR, 'SASL authentication failed'))).toBe(
      'error',
    );
    expect(
      kafkaLogLevel(entry('Consumer', logLevel.ERROR, 'not the leader for that topic-partition')),
    ).toBe('error');
    expect(kafkaLogLevel(entry('Producer', logLevel.WARN))).toBe('warn');
    expect(kafkaLogLevel(entry('Producer', logLevel.INFO))).toBeUndefined();
  });
});
