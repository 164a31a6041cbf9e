/**
 * A small SVG line chart of one series over time (gaps where a value is missing), with its latest
 * value in the caption and a description for screen readers.
 */
export function LineChart({
  title,
  values,
  format,
  height = 60,
}: {
  title: string;
  values: Array<number | null>;
  format: (v: number) => string;
  height?: number;
}) {
  const known = values.filter((v): v is number => v !== null);
  const max = Math.max(...known, 0) || 1;
  const width = Math.max(1, values.length - 1) * 4;
  const latest = [...values].reverse().find((v): v is number => v !== null);
  const segments: string[] = [];
  let current = '';
  values.forEach((v, i) => {
    if (v === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    const x = i * 4;
    const y = height - 2 - (v / max) * (height - 4);
    current += `${current ? 'L' : 'M'}${x},${y.toFixed(1)} `;
  });
  if (current) segments.push(current);
  const summary =
    latest === undefined
      ? `${title}: no data yet`
      : `${title}: latest ${format(latest)}, highest ${format(max === 1 && known.every((v) => v === 0) ? 0 : max)}`;
  return (
    <figure className="admin-line-chart">
      <figcaption>
        {title} <strong>{latest === undefined ? '–' : format(latest)}</strong>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="admin-line-chart__svg"
      >
        {segments.map((d, i) => (
          <path
            key={i}
            d={d}
            className="admin-line-chart__line"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
    </figure>
  );
}
