import type { Availability } from '../store-api';

/** "Checking…", "Available", or why a store name or username cannot be used. */
export function AvailabilityNote({
  value,
  result,
  fetching,
}: {
  value: string;
  result: Availability | undefined;
  fetching: boolean;
}) {
  if (!value) return null;
  if (fetching || !result) return <span className="availability">Checking…</span>;
  return result.available ? (
    <span className="availability availability--ok">Available</span>
  ) : (
    <span className="availability availability--taken">{result.reason ?? 'Not available'}</span>
  );
}
