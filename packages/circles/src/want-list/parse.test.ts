import { parseWantListFile, WantListError, type WarningKind } from './parse';

const parse = (...lines: string[]) => parseWantListFile(lines.join('\n'));
const kinds = (text: string[]) => parse(...text).warnings.map((w) => w.kind);

/** The WantListError a malformed file throws. */
function errorOf(...lines: string[]): WantListError {
  try {
    parse(...lines);
  } catch (err) {
    if (err instanceof WantListError) return err;
    throw err;
  }
  throw new Error('expected a WantListError');
}

describe('parseWantListFile: want lists', () => {
  it('reads items and their wants in order, upper-cased, with ranks 1, 2, 3', () => {
    const p = parse('# a comment', '', 'A : B C', 'b: a', 'C A');
    expect(p.items.map((i) => i.id)).toEqual(['A', 'B', 'C']);
    expect(p.wants).toEqual([
      { item: 'A', wants: 'B', rank: 1 },
      { item: 'A', wants: 'C', rank: 2 },
      { item: 'B', wants: 'A', rank: 1 },
      { item: 'C', wants: 'A', rank: 1 },
    ]);
    expect(p.hasUsernames).toBe(false);
    expect(p.itemsCounted).toBe(3);
  });

  it('reads usernames, spaces included, as the owner', () => {
    const p = parse('(Luiz Felipe) A : B', '(bob) B : A');
    expect(p.items).toEqual([
      { id: 'A', owner: 'LUIZ FELIPE' },
      { id: 'B', owner: 'BOB' },
    ]);
    expect(p.hasUsernames).toBe(true);
  });

  it('a semicolon adds the big step to the rank of what follows', () => {
    const p = parse('A : B ; C D', 'B : A', 'C : A', 'D : A');
    expect(p.wants.filter((w) => w.item === 'A').map((w) => w.rank)).toEqual([1, 11, 12]);
  });

  it('an official item without a want list still takes its place in the ranks', () => {
    const p = parse(
      '!BEGIN-OFFICIAL-NAMES',
      'A',
      'B',
      'X',
      '!END-OFFICIAL-NAMES',
      'A : X B',
      'B : A',
    );
    expect(p.wants[0]).toEqual({ item: 'A', wants: 'B', rank: 2 });
    expect(p.warnings).toEqual([]);
    expect(p.missingOfficialNames).toEqual(['X']);
  });
});

describe('parseWantListFile: options', () => {
  it('starts from TradeMaximizer defaults', () => {
    const o = parse('A : B').options;
    expect(o).toMatchObject({
      allowDummies: false,
      requireColons: false,
      requireUsernames: false,
      caseSensitive: false,
      showLoops: true,
      showSummary: true,
      showNonTrades: true,
      showErrors: true,
      showRepeats: true,
      showStats: true,
      showElapsedTime: false,
      priorities: 'none',
      smallStep: 1,
      bigStep: 9,
      nontradeCost: 1e9,
      iterations: 1,
      seed: undefined,
      metric: 'chain-sizes-sos',
      verbose: false,
    });
  });

  it('reads every option, case-insensitively, several per line', () => {
    const p = parse(
      '#! allow-dummies REQUIRE-COLONS REQUIRE-USERNAMES',
      '#! CASE-SENSITIVE VERBOSE SORT-BY-ITEM',
      '#! HIDE-LOOPS HIDE-SUMMARY HIDE-NONTRADES HIDE-ERRORS HIDE-REPEATS HIDE-STATS',
      '#! SHOW-ELAPSED-TIME SHOW-MISSING',
      '#! SMALL-STEP=2 BIG-STEP=20 NONTRADE-COST=5000 ITERATIONS=7 SEED=99 METRIC=Users-Sos',
      '#! TRIANGLE-PRIORITIES',
      '(u) A : B',
    );
    expect(p.options).toMatchObject({
      allowDummies: true,
      requireColons: true,
      requireUsernames: true,
      caseSensitive: true,
      verbose: true,
      sortByItem: true,
      showLoops: false,
      showSummary: false,
      showNonTrades: false,
      showErrors: false,
      showRepeats: false,
      showStats: false,
      showElapsedTime: true,
      showMissing: true,
      smallStep: 2,
      bigStep: 20,
      nontradeCost: 5000,
      iterations: 7,
      seed: 99,
      metric: 'users-sos',
      priorities: 'triangle',
    });
    expect(p.optionWords).toContain('METRIC=USERS-SOS');
  });

  it.each([
    ['LINEAR-PRIORITIES', 'linear'],
    ['TRIANGLE-PRIORITIES', 'triangle'],
    ['SQUARE-PRIORITIES', 'square'],
    ['EXPLICIT-PRIORITIES', 'explicit'],
  ])('%s selects %s priorities', (option, scheme) => {
    expect(parse(`#! ${option}`, 'A : B').options.priorities).toBe(scheme);
  });

  it.each([
    ['USERS-TRADING', 'users-trading'],
    ['USERS-SOS', 'users-sos'],
    ['CHAIN-SIZES-SOS', 'chain-sizes-sos'],
  ])('METRIC=%s selects %s', (metric, value) => {
    expect(parse(`#! METRIC=${metric}`, 'A : B').options.metric).toBe(value);
  });

  it('SHOW-* turns back on what HIDE-* turned off', () => {
    const o = parse('#! HIDE-LOOPS HIDE-STATS', '#! SHOW-LOOPS SHOW-STATS', 'A : B').options;
    expect(o.showLoops).toBe(true);
    expect(o.showStats).toBe(true);
  });

  it('SMALL-STEP and BIG-STEP change the ranks', () => {
    const p = parse('#! SMALL-STEP=3 BIG-STEP=100', 'A : B C ; D', 'B : A', 'C : A', 'D : A');
    expect(p.wants.filter((w) => w.item === 'A').map((w) => w.rank)).toEqual([1, 4, 107]);
  });

  it('EXPLICIT-PRIORITIES reads =N as the rank', () => {
    const p = parse('#! EXPLICIT-PRIORITIES', 'A : B=5 C=2 D', 'B : A', 'C : A', 'D : A');
    expect(p.wants.filter((w) => w.item === 'A').map((w) => w.rank)).toEqual([5, 2, 3]);
  });

  it('CASE-SENSITIVE keeps names as written, so a and A differ', () => {
    const p = parse('#! CASE-SENSITIVE', 'a : A', 'A : a');
    expect(p.items.map((i) => i.id)).toEqual(['a', 'A']);
    expect(p.wants).toHaveLength(2);
  });

  it('HIDE-REPEATS drops the repeated-want warning', () => {
    expect(kinds(['A : B B', 'B : A'])).toEqual(['repeated-want']);
    expect(kinds(['#! HIDE-REPEATS', 'A : B B', 'B : A'])).toEqual([]);
  });
});

describe('parseWantListFile: dummies', () => {
  it('names a dummy per member, wanted only from that member’s lists', () => {
    const p = parse(
      '#! ALLOW-DUMMIES',
      '(ann) A : %ANY',
      '(ann) %ANY : B C',
      '(bob) B : A',
      '(cy) C : A',
    );
    expect(p.items[1]).toEqual({ id: '%ANY for user (ANN)', owner: 'ANN', dummy: true });
    expect(p.wants.slice(0, 3)).toEqual([
      { item: 'A', wants: '%ANY for user (ANN)', rank: 1 },
      { item: '%ANY for user (ANN)', wants: 'B', rank: 1 },
      { item: '%ANY for user (ANN)', wants: 'C', rank: 2 },
    ]);
    expect(p.itemsCounted).toBe(3);
  });

  it('warns about a dummy without ALLOW-DUMMIES or without a username and leaves it out', () => {
    expect(kinds(['(ann) %X : B', '(bob) B'])).toEqual(['dummy-not-allowed']);
    expect(kinds(['#! ALLOW-DUMMIES', '%X : B', 'B'])).toEqual(['dummy-without-user']);
  });
});

describe('parseWantListFile: warnings', () => {
  const cases: [string, string[], WarningKind][] = [
    ['an item wanting itself', ['A : A B', 'B : A'], 'own-item'],
    ['an item of the same member', ['(ann) A : A2 B', '(ann) A2 : B', '(bob) B : A'], 'same-user'],
    ['an unknown name', ['A : B NOPE', 'B : A'], 'unknown-item'],
    ['a second want list for an item', ['A : B', 'B : A', 'A : C'], 'duplicate-list'],
    ['a want repeated', ['A : B B', 'B : A'], 'repeated-want'],
    [
      'a want list for an item not among the official names',
      ['!BEGIN-OFFICIAL-NAMES', 'A', '!END-OFFICIAL-NAMES', 'A', 'B : A'],
      'not-official',
    ],
    ['=N without EXPLICIT-PRIORITIES', ['A : B=3', 'B : A'], 'bad-priority'],
  ];
  it.each(cases)('warns about %s, with its line, and drops it', (_what, lines, kind) => {
    const p = parse(...lines);
    expect(p.warnings.map((w) => w.kind)).toEqual([kind]);
    expect(p.warnings[0]!.line).toBeGreaterThan(0);
  });

  it('counts an unknown name once per file with its occurrences and first line', () => {
    const p = parse('A : B GHOST', 'B : A GHOST');
    expect(p.warnings).toEqual([
      { line: 1, kind: 'unknown-item', message: 'Unknown item GHOST (2 occurrences)' },
    ]);
  });

  it('keeps the first want list of a duplicated item', () => {
    const p = parse('A : B', 'B : A', 'A : C', 'C : A');
    expect(p.wants.filter((w) => w.item === 'A')).toEqual([{ item: 'A', wants: 'B', rank: 1 }]);
    expect(p.warnings[0]).toMatchObject({ line: 3, kind: 'duplicate-list' });
  });

  it('does not count a dropped want in the ranks', () => {
    const p = parse('(ann) A : A A2 B', '(ann) A2 : B', '(bob) B : A');
    expect(p.wants[0]).toEqual({ item: 'A', wants: 'B', rank: 1 });
  });
});

describe('parseWantListFile: official names', () => {
  it('reads the first word of each line of the block, case-insensitively', () => {
    const p = parse(
      '!begin-official-names',
      '0001-AZUL ==> "Azul" (from ann) # not a comment here',
      '0002-GO: "Go"',
      '!END-OFFICIAL-NAMES',
      '0001-azul : 0002-go',
    );
    expect(p.officialNames).toEqual(['0001-AZUL', '0002-GO']);
    expect(p.missingOfficialNames).toEqual(['0002-GO']);
    expect(p.items.map((i) => i.id)).toEqual(['0001-AZUL']);
  });
});

describe('parseWantListFile: malformed lines', () => {
  const cases: [string, string[], number, RegExp][] = [
    ['an unknown option', ['#! FROBNICATE'], 1, /Unknown option "FROBNICATE"/],
    ['a bad option argument', ['#! ITERATIONS=0'], 1, /ITERATIONS argument/],
    ['an unknown metric', ['#! METRIC=FASTEST'], 1, /Unknown metric/],
    ['options after a want list', ['A : B', '#! ALLOW-DUMMIES'], 2, /cannot be declared after/],
    ['a comment after the start of a line', ['A : B # C'], 1, /Comments/],
    ['a missing colon with REQUIRE-COLONS', ['#! REQUIRE-COLONS', '', 'A B'], 3, /Missing colon/],
    ['a missing username with REQUIRE-USERNAMES', ['#! REQUIRE-USERNAMES', 'A : B'], 2, /username/],
    ['two colons', ['A : B : C'], 1, /more than one colon/],
    ['two items before a colon', ['A B : C'], 1, /exactly one item before a colon/],
    ['a semicolon before the colon', ['A ; B : C'], 1, /Semicolon cannot appear before colon/],
    ['an unclosed username', ['(ann A : B'], 1, /Missing '\)'/],
    ['empty parentheses', ['() A : B'], 1, /empty parentheses/],
    ['a username in the middle', ['A : (ann) B'], 1, /front of a want list/],
    ['a username alone', ['(ann)'], 1, /line by itself/],
    ['a duplicate official name', ['!BEGIN-OFFICIAL-NAMES', 'A', 'A'], 3, /already defined/],
    ['an unmatched end of official names', ['!END-OFFICIAL-NAMES'], 1, /without matching/],
    ['an unterminated official names block', ['!BEGIN-OFFICIAL-NAMES', 'A'], 2, /without/],
    ['a dummy official name', ['!BEGIN-OFFICIAL-NAMES', '%A'], 2, /dummy/],
  ];
  it.each(cases)('rejects %s, naming its line', (_what, lines, line, message) => {
    const err = errorOf(...lines);
    expect(err.line).toBe(line);
    expect(err.message).toMatch(new RegExp(`^line ${line}: `));
    expect(err.message).toMatch(message);
  });
});
