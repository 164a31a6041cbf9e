import type { MarketItem, SolveResult } from '../types';
import type { WantListOptions } from '../want-list/options';

export interface ReportInput {
  result: SolveResult;
  items: MarketItem[];
  options: WantListOptions;
  optionWords: string[];
  hasUsernames: boolean;
  /** "Num trades = X of Y items": Y. */
  itemsCounted: number;
  /** Sum of the costs of the wants used. */
  totalCost: number;
  missingOfficialNames: string[];
  /** Solves run and time to the first optimal solution, shown with VERBOSE. */
  solves?: number;
  firstSolutionMs?: number;
}

/**
 * The result as TradeMaximizer prints it: options, the metric line, TRADE LOOPS (one line per item,
 * a blank line after each loop), ITEM SUMMARY (sorted, with non-trades unless hidden), the counts,
 * group sizes, sum of squares and elapsed time. Members are shown as `(USER) ITEM`.
 */
export function formatReport(input: ReportInput): string {
  const { result, items, options } = input;
  const byId = new Map(items.map((i) => [i.id, i]));
  const show = (id: string): string => {
    const item = byId.get(id);
    if (!input.hasUsernames || !item || item.dummy) return id;
    return options.sortByItem ? `${id} (${item.owner})` : `(${item.owner}) ${id}`;
  };
  let width = 1;
  for (const item of items) if (!item.dummy) width = Math.max(width, show(item.id).length);
  const pad = (s: string) => s.padEnd(width);

  const out: string[] = [];
  if (input.optionWords.length > 0) out.push(`Options: ${input.optionWords.join(' ')}`, '');
  if (options.showMissing && input.missingOfficialNames.length > 0) {
    for (const name of input.missingOfficialNames) {
      out.push(`**** Missing want list for official name ${name}`);
    }
    out.push('');
  }
  if (options.metric === 'users-trading' && input.hasUsernames) {
    out.push(`[ users trading = ${result.usersTrading} ]`, '');
  } else if (options.metric === 'users-sos' && input.hasUsernames) {
    const perUser = new Map<string, number>();
    for (const id of result.cycles.flat()) {
      const owner = byId.get(id)?.owner ?? id;
      perUser.set(owner, (perUser.get(owner) ?? 0) + 1);
    }
    let sos = 0;
    for (const k of perUser.values()) sos += k * k;
    out.push(`[ users trading = ${result.usersTrading}, sum of squares = ${sos} ]`, '');
  } else if (options.iterations > 1 || options.metric === 'chain-sizes-sos') {
    out.push(`[ ${result.sumOfSquares} : ${result.groupSizes.join(' ')} ]`, '');
  }

  const trading = new Set<string>();
  const loops: string[] = [];
  const summary: string[] = [];
  for (const cycle of result.cycles) {
    cycle.forEach((id, k) => {
      trading.add(id);
      const receives = cycle[(k + 1) % cycle.length]!;
      const sendsTo = cycle[(k - 1 + cycle.length) % cycle.length]!;
      loops.push(`${pad(show(id))} receives ${show(receives)}`);
      summary.push(
        `${pad(show(id))} receives ${pad(show(receives))} and sends to ${show(sendsTo)}`,
      );
    });
    loops.push('');
  }
  if (options.showNonTrades) {
    for (const item of items) {
      if (!item.dummy && !trading.has(item.id)) {
        summary.push(`${pad(show(item.id))}             does not trade`);
      }
    }
  }

  const trades = result.itemsTrading;
  if (options.showLoops) {
    out.push(`TRADE LOOPS (${trades} total trades):`, '', ...loops);
  }
  if (options.showSummary) {
    summary.sort(compareUtf16);
    out.push(`ITEM SUMMARY (${trades} total trades):`, '', ...summary, '');
  }
  const counted = input.itemsCounted;
  out.push(
    `Num trades  = ${trades} of ${counted} items` +
      (counted === 0 ? '' : ` (${((100 * trades) / counted).toFixed(1)}%)`),
  );
  if (options.showStats) {
    out.push(
      `Total cost  = ${input.totalCost}` +
        (trades === 0 ? '' : ` (avg ${(input.totalCost / trades).toFixed(2)})`),
      `Num groups  = ${result.cycles.length}`,
      `Group sizes =${result.groupSizes.map((s) => ` ${s}`).join('')}`,
      `Sum squares = ${result.sumOfSquares}`,
    );
    if (input.hasUsernames) out.push(`Users trading = ${result.usersTrading}`);
  }
  if (options.verbose && input.solves !== undefined) {
    out.push(
      `Solves      = ${input.solves} (optimal count after ${Math.round(input.firstSolutionMs ?? 0)}ms)`,
    );
  }
  if (options.showElapsedTime) out.push(`Elapsed time = ${Math.round(result.elapsedMs)}ms`);
  return `${out.join('\n')}\n`;
}

/** Java's String.compareTo order (UTF-16 code units), which TradeMaximizer sorts the summary by. */
function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
