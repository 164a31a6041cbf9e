import { KeptReads } from './kept-reads';

const reader = (values: Record<string, string>) => {
  const asked: string[][] = [];
  const read = (ids: string[]) => {
    asked.push(ids);
    return Promise.resolve(
      new Map(ids.filter((id) => id in values).map((id) => [id, values[id]!] as const)),
    );
  };
  return { asked, read };
};

afterEach(() => jest.restoreAllMocks());

describe('KeptReads', () => {
  test('reads each id once within a few seconds, absent ones included', async () => {
    const kept = new KeptReads<string>();
    const { asked, read } = reader({ a: 'A' });
    expect(await kept.many(['a', 'b', 'a'], read)).toEqual(new Map([['a', 'A']]));
    expect(await kept.many(['a', 'b'], read)).toEqual(new Map([['a', 'A']]));
    expect(asked).toEqual([['a', 'b']]);
  });

  test('reads again once the time is up', async () => {
    const kept = new KeptReads<string>();
    const { asked, read } = reader({ a: 'A' });
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
    await kept.many(['a'], read);
    jest.spyOn(Date, 'now').mockReturnValue(now + 5_000);
    await kept.many(['a'], read);
    expect(asked).toEqual([['a'], ['a']]);
  });

  test('a change written here is read at once', async () => {
    const kept = new KeptReads<string>();
    const values: Record<string, string> = { a: 'old' };
    const { read } = reader(values);
    await kept.many(['a'], read);
    await kept.changing(['a'], async () => {
      values.a = 'new';
    });
    expect((await kept.many(['a'], read)).get('a')).toBe('new');
  });

  test('a read that overlapped a change keeps nothing', async () => {
    const kept = new KeptReads<string>();
    const values: Record<string, string> = { a: 'old' };
    let release!: () => void;
    const slow = (ids: string[]) =>
      new Promise<Map<string, string>>((resolve) => {
        const found = new Map(ids.map((id) => [id, values[id]!] as const));
        release = () => resolve(found);
      });
    const overlapping = kept.many(['a'], slow);
    await kept.changing(['a'], async () => {
      values.a = 'new';
    });
    release();
    expect((await overlapping).get('a')).toBe('old');
    const { read } = reader(values);
    expect((await kept.many(['a'], read)).get('a')).toBe('new');
  });
});
