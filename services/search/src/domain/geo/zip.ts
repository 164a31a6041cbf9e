import { lookup } from 'zipcodes';
import type { GeoPoint } from './haversine';

/** Where a US ZIP code sits, with the place name the ZIP data set gives it. */
export interface ZipPoint extends GeoPoint {
  city: string;
  state: string;
}

// Five digits, optionally followed by the ZIP+4 suffix, which adds no precision the data set has.
const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/**
 * Resolves a US ZIP code (`"10001"`, `"10001-1234"`) to its centre point using the `zipcodes`
 * data set shipped with the service, so no network call is needed. Unknown or malformed ZIPs give
 * `undefined` rather than throwing: a bad ZIP in a query is a user input problem, not a fault.
 */
export function zipToPoint(zip: string): ZipPoint | undefined {
  const match = US_ZIP.exec(zip.trim());
  const five = match?.[1];
  if (!five) return undefined;
  const found = lookup(five);
  if (!found || !Number.isFinite(found.latitude) || !Number.isFinite(found.longitude)) {
    return undefined;
  }
  return { lat: found.latitude, lng: found.longitude, city: found.city, state: found.state };
}
