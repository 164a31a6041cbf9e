import { solveWantListFile } from '../solve-file';

describe('the TradeMaximizer-style report', () => {
  const file = [
    '#! ALLOW-DUMMIES REQUIRE-COLONS METRIC=USERS-TRADING',
    '(ann) A1 : B1',
    '(bob) B1 : %ANY',
    '(bob) %ANY : C1 A1',
    '(cy) C1 : A1',
    '(dee) D1 : A1',
  ].join('\n');

  it('prints options, the metric, loops, the sorted summary with non-trades, and the counts', () => {
    const { report, result } = solveWantListFile(file);
    expect(result.cycles).toEqual([['A1', 'B1', 'C1']]);
    expect(report).toBe(
      [
        'Options: ALLOW-DUMMIES REQUIRE-COLONS METRIC=USERS-TRADING',
        '',
        '[ users trading = 3 ]',
        '',
        'TRADE LOOPS (3 total trades):',
        '',
        '(ANN) A1 receives (BOB) B1',
        '(BOB) B1 receives (CY) C1',
        '(CY) C1  receives (ANN) A1',
        '',
        'ITEM SUMMARY (3 total trades):',
        '',
        '(ANN) A1 receives (BOB) B1 and sends to (CY) C1',
        '(BOB) B1 receives (CY) C1  and sends to (ANN) A1',
        '(CY) C1  receives (ANN) A1 and sends to (BOB) B1',
        '(DEE) D1             does not trade',
        '',
        'Num trades  = 3 of 4 items (75.0%)',
        'Total cost  = 3 (avg 1.00)',
        'Num groups  = 1',
        'Group sizes = 3',
        'Sum squares = 9',
        'Users trading = 3',
        '',
      ].join('\n'),
    );
  });

  it('leaves out what HIDE-* options hide and shows the elapsed time when asked', () => {
    const hidden = file.replace(
      '#! ALLOW-DUMMIES',
      '#! HIDE-LOOPS HIDE-SUMMARY HIDE-STATS SHOW-ELAPSED-TIME ALLOW-DUMMIES',
    );
    const { report } = solveWantListFile(hidden);
    expect(report).not.toContain('TRADE LOOPS');
    expect(report).not.toContain('ITEM SUMMARY');
    expect(report).not.toContain('Group sizes');
    expect(report).toContain('Num trades  = 3 of 4 items (75.0%)');
    expect(report).toMatch(/\nElapsed time = \d+ms\n$/);
  });

  it('HIDE-NONTRADES keeps the items that do not trade out of the summary', () => {
    const { report } = solveWantListFile(
      file.replace('#! ALLOW-DUMMIES', '#! HIDE-NONTRADES ALLOW-DUMMIES'),
    );
    expect(report).not.toContain('does not trade');
    expect(report).toContain('(ANN) A1 receives (BOB) B1 and sends to (CY) C1');
  });

  it('shows plain item names when the file has no usernames', () => {
    const { report } = solveWantListFile('A : B\nB : A\nC : A');
    expect(report).toContain('A receives B\nB receives A\n');
    expect(report).toContain('C             does not trade');
    expect(report).toContain('Num trades  = 2 of 3 items (66.7%)');
  });
});
