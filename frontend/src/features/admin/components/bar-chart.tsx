/** A small SVG bar chart: one bar per value, labelled for screen readers and on hover. */
export function BarChart({
  title,
  values,
  labels,
  height = 120,
}: {
  title: string;
  values: number[];
  labels: string[];
  height?: number;
}) {
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const width = values.length * 10;
  return (
    <figure className="admin-chart">
      <figcaption>
        {title} <span className="admin-chart__total">({total})</span>
      </figcaption>
      <svg
        role="img"
        aria-label={`${title}: ${total} over ${values.length} days`}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="admin-chart__svg"
      >
        {values.map((v, i) => {
          const h = (v / max) * (height - 4);
          return (
            <rect
              key={labels[i] ?? i}
              x={i * 10 + 1}
              y={height - h}
              width={8}
              height={h}
              className="admin-chart__bar"
            >
              <title>{`${labels[i]}: ${v}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}

/** Horizontal bars for a breakdown by status. */
export function Breakdown({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...entries.map(([, n]) => n));
  return (
    <figure className="admin-breakdown">
      <figcaption>{title}</figcaption>
      {entries.length === 0 && <p className="admin-muted">None yet</p>}
      <dl>
        {entries.map(([k, n]) => (
          <div key={k} className="admin-breakdown__row">
            <dt>{k}</dt>
            <dd>
              <span className="admin-breakdown__bar" style={{ width: `${(n / max) * 100}%` }} />
              <span>{n}</span>
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
