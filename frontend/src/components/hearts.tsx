/** SPEC §9: five hearts, with a half heart for a fraction. */
export const HEART_COUNT = 5;

export type HeartFill = 'full' | 'half' | 'empty';

export function heartFills(rating: number | undefined): HeartFill[] {
  const r = Math.min(HEART_COUNT, Math.max(0, rating ?? 0));
  const full = Math.floor(r);
  const half = r - full > 0 ? 1 : 0;
  return Array.from({ length: HEART_COUNT }, (_, i) =>
    i < full ? 'full' : i < full + half ? 'half' : 'empty',
  );
}

const HEART_PATH =
  'M12 21.2 10.6 20C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.6 11.5Z';

/** One heart, full, half or empty (`id` names the half fill's gradient). */
export function Heart({ fill, id }: { fill: HeartFill; id: string }) {
  return (
    <svg
      className={`heart heart--${fill}`}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
    >
      {fill === 'half' && (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d={HEART_PATH}
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

let halfIds = 0;

/** Rating hearts with the review count beside them. */
export function Hearts({ rating, count }: { rating: number | undefined; count?: number }) {
  const fills = heartFills(rating);
  const id = `half-heart-${++halfIds}`;
  const label =
    rating !== undefined && count
      ? `Rated ${rating.toFixed(1)} out of 5 from ${count} review${count === 1 ? '' : 's'}`
      : 'No ratings yet';
  return (
    <span className="hearts" role="img" aria-label={label}>
      {fills.map((f, i) => (
        <Heart key={i} fill={f} id={id} />
      ))}
      {count !== undefined && <span className="hearts__count">({count})</span>}
    </span>
  );
}
