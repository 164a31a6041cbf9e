import { oneAtATime } from './one-at-a-time';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('one at a time per key', () => {
  it('runs tasks of one key in the order given, never two at once', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, ms: number) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await later(ms);
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([
      serial('bob', task('a', 15)),
      serial('bob', task('b', 1)),
      serial('bob', task('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets other keys run meanwhile', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    await Promise.all([
      serial('bob', async () => {
        await later(20);
        log.push('bob');
      }),
      serial('alice', async () => {
        log.push('alice');
      }),
    ]);
    expect(log).toEqual(['alice', 'bob']);
  });

  it('goes on after a task fails, and the failure reaches its own caller only', async () => {
    const serial = oneAtATime();
    const failed = serial('bob', () => Promise.reject(new Error('boom')));
    const next = serial('bob', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
