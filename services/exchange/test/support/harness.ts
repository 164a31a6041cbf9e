import { Topics } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import { startServiceUnderTest, type Api, type Env, type EventTap } from '@swapbooth/test-kit';
import { loadExchangeConfig, type ExchangeConfig } from '../../src/config';
import type { ExchangeDeps } from '../../src/deps';
import { startExchangeService, type ExchangeOverrides } from '../../src/service';

export { newMember, type TestMember as Member } from '@swapbooth/test-kit';

export interface Harness {
  api: Api;
  config: Readonly<ExchangeConfig>;
  url: string;
  service: RunningService<ExchangeConfig, ExchangeDeps>;
  /** Publishes events as their producers would, and reads what exchange publishes. */
  tap: EventTap;
  stop(): Promise<void>;
}

/**
 * Starts exchange in this process against the real servers, with its own database and topics (so
 * test files never share consumer groups), and a tap on its topics.
 */
export async function startExchange(
  env: Env = {},
  overrides: ExchangeOverrides = {},
): Promise<Harness> {
  const sut = await startServiceUnderTest({
    name: 'exchange',
    loadConfig: loadExchangeConfig,
    start: (config, defaults) => startExchangeService(config, { ...defaults, ...overrides }),
    env,
  });
  const tap = await sut.tap([Topics.proposal], 20_000);
  const { api, config, url, service } = sut;
  return { api, config, url, service, tap, stop: sut.stop };
}
