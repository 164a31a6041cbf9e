import { useId } from 'react';

export const ID_VERIFIED_TOOLTIP =
  'This user has completed the ID verification process to provide more trust to fellow exchangers.';

/** "ID Verified" with its explanation on hover and keyboard focus. */
export function IdVerifiedBadge() {
  const id = useId();
  return (
    <span className="id-badge" tabIndex={0} aria-describedby={id}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"
        />
      </svg>
      ID Verified
      <span role="tooltip" id={id} className="id-badge__tooltip">
        {ID_VERIFIED_TOOLTIP}
      </span>
    </span>
  );
}
