import type { EventData, EventType } from '@swapbooth/contracts';
import { startServiceUnderTest, type Env, type Reply } from '@swapbooth/test-kit';
import { loadChatConfig, type ChatConfig } from '../src/config';
import { startChatService } from '../src/service';

export { newMember, type TestMember as Member } from '@swapbooth/test-kit';

export interface ChatHarness {
  url: string;
  config: Readonly<ChatConfig>;
  call(method: string, path: string, token?: string, body?: unknown): Promise<Reply>;
  publish<K extends EventType>(type: K, subject: string, data: EventData<K>): Promise<void>;
  stop(): Promise<void>;
}

/** Starts chat in this process with its own database, topics and Redis keys, and a producer for its inputs. */
export async function startChat(env: Env = {}): Promise<ChatHarness> {
  const sut = await startServiceUnderTest({
    name: 'chat',
    loadConfig: loadChatConfig,
    start: startChatService,
    env,
    isolated: { redisKeys: true },
  });
  const events = await sut.publisher();
  return {
    url: sut.url,
    config: sut.config,
    call: (method, path, token, body) => sut.api.call(method, path, { token, body }),
    async publish(type, subject, data) {
      await events.publish(type, subject, data);
    },
    stop: sut.stop,
  };
}
