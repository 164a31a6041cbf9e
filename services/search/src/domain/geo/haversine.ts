/** A point on the globe in decimal degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * Mean Earth radius of 6,371 km expressed in statute miles. Meilisearch and Orama both use
 * 6,371 km for their haversine, so distances computed here agree with what either engine filters on.
 */
export const EARTH_RADIUS_MILES = 6371 / 1.609344;

/** Metres in one statute mile; engines take radii in metres, the product speaks miles. */
export const METRES_PER_MILE = 1609.344;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in miles between two points (haversine on a spherical Earth). */
export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  return haversineMilesBetween(a.lat, a.lng, b.lat, b.lng);
}

/** {@link haversineMiles} on bare coordinates, for loops over many listings. */
export function haversineMilesBetween(
  lat1: number,
  lng1: number,
  lat2: number,
  lng2: number,
): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  // min() guards against h creeping past 1 through rounding for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles as shown to members and returned by search: one decimal place. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;

/** True when both coordinates are finite and inside the valid latitude/longitude ranges. */
export function isValidPoint(p: GeoPoint): boolean {
  return (
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180
  );
}
