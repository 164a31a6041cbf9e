import type { CircleStatus } from '@swapbooth/contracts';
import { circleStatusLabels } from '../circles-rules';

export function CircleStatusBadge({ status }: { status: CircleStatus }) {
  return (
    <span className={`badge circle-badge circle-badge--${status}`}>
      <span className="visually-hidden">Status: </span>
      {circleStatusLabels[status]}
    </span>
  );
}
