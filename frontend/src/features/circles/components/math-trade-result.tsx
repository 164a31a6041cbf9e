import type { MathTradeResponse } from '@swapbooth/contracts';
import { formatElapsed, groupSizesLine, tradingLine } from '../circles-rules';

/** Saves the report as a text file, named after the math trade. */
function download(name: string, text: string) {
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const a = document.createElement('a');
  const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : undefined;
  a.href = url ?? `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  a.download = `${name.replace(/[^\w.-]+/g, '-') || 'math-trade'}-results.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  if (url) URL.revokeObjectURL(url);
}

/** A solved math trade: the counts, the warnings, the loops, and the report as TradeMaximizer prints it. */
export function MathTradeResult({ result: r }: { result: MathTradeResponse }) {
  const facts: [string, string][] = [
    ['Items trading', tradingLine(r)],
    ['Users trading', String(r.users_trading)],
    ['Group sizes', groupSizesLine(r.group_sizes) || 'none'],
    ['Sum of squares', String(r.sum_of_squares)],
    ['Solved in', formatElapsed(r.elapsed_ms)],
  ];
  return (
    <section className="panel math-result" aria-labelledby="math-result-title">
      <h2 id="math-result-title" className="panel__title">
        Result: {r.name}
      </h2>
      <p className="math-result__headline">{tradingLine(r)}</p>
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k} className="facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>

      <h3>Warnings ({r.warnings.length})</h3>
      {r.warnings.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="math-result__warnings" aria-label="Warnings">
          {r.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}

      <h3>Trade loops ({r.loops.length})</h3>
      {r.loops.length === 0 ? (
        <p>No trades were found.</p>
      ) : (
        <div className="math-result__loops">
          <table className="math-loops">
            <caption className="visually-hidden">
              Who gives which item to whom, loop by loop
            </caption>
            <thead>
              <tr>
                <th scope="col">Loop</th>
                <th scope="col">User</th>
                <th scope="col">Item</th>
                <th scope="col">Receives from</th>
                <th scope="col">Item received</th>
              </tr>
            </thead>
            <tbody>
              {r.loops.flatMap((loop, li) =>
                loop.map((step, si) => (
                  <tr key={`${li}-${si}`} className={si === 0 ? 'math-loops__first' : undefined}>
                    <td>{si === 0 ? `${li + 1} (${loop.length})` : ''}</td>
                    <td>{step.user}</td>
                    <td>{step.item}</td>
                    <td>{step.receives_from}</td>
                    <td>{step.receives_item}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}

      <div className="math-result__report-header">
        <h3 id="math-report-title">Report</h3>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => download(r.name, r.report)}
        >
          Download report
        </button>
      </div>
      <pre className="math-result__report" aria-labelledby="math-report-title" tabIndex={0}>
        {r.report}
      </pre>
    </section>
  );
}
