/** The heart toggle on cards and the listing page; disabled while its call runs. */
export function LikeButton({
  liked,
  busy,
  onToggle,
  className = '',
}: {
  liked: boolean;
  busy: boolean;
  onToggle(): void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`like-button${liked ? ' like-button--on' : ''} ${className}`}
      aria-pressed={liked}
      aria-label={liked ? 'Remove from wishlist' : 'Add to wishlist'}
      disabled={busy}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 21.2 10.6 20C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.6 11.5Z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}
