import { createHash } from 'node:crypto';
import path from 'node:path';
import { recordBusTrace } from './bus-trace';
import { repoRoot } from './infra';

/**
 * Runs before each component test file (jest setupFilesAfterEnv). Test files of one run share its
 * topics, and jest runs them in parallel: each file gets consumer groups of its own, so one file's
 * services starting and stopping never rebalance another file's consumers, and its consumers skip
 * what was published before the file started (another file's events still arrive meanwhile and
 * are handled as any redelivery is: once per service, by event id).
 */
export function fileTag(testPath: string): string {
  const rel = path.relative(repoRoot, testPath).replace(/\.test\.[jt]sx?$/, '');
  const readable = rel
    .replace(/(^|\/)(services|packages|test)\//g, '$1')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .slice(-40);
  const hash = createHash('sha1').update(rel).digest('hex').slice(0, 4);
  return `${readable}-${hash}`;
}

process.env.KAFKA_GROUP_PREFIX = `${fileTag(expect.getState().testPath ?? 'unknown')}.`;
process.env.KAFKA_CONSUME_FROM = String(Date.now());
// Stopping a consumer waits for its fetch to come back, which an idle broker holds this long; test
// files stop services all the time (events still arrive at once, whatever the wait).
process.env.KAFKA_FETCH_WAIT_MS ??= '1000';
afterAll(recordBusTrace());
