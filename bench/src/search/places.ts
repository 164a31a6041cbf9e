import { codes, lookup, radius } from 'zipcodes';
import type { Random } from './random';

/** A real US ZIP code with its centre point, from the `zipcodes` data set. */
export interface Place {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

/** Metro areas by a central ZIP and population in millions (US Census estimates, rounded). */
const METROS: Array<[zip: string, millions: number]> = [
  ['10001', 19.8], // New York
  ['90012', 13.2], // Los Angeles
  ['60601', 9.5], // Chicago
  ['75201', 7.6], // Dallas
  ['77002', 7.1], // Houston
  ['20001', 6.3], // Washington
  ['19103', 6.2], // Philadelphia
  ['33130', 6.1], // Miami
  ['30303', 6.1], // Atlanta
  ['02108', 4.9], // Boston
  ['85004', 4.8], // Phoenix
  ['94103', 4.7], // San Francisco
  ['48226', 4.4], // Detroit
  ['98101', 4.0], // Seattle
  ['55401', 3.7], // Minneapolis
  ['92101', 3.3], // San Diego
  ['33602', 3.2], // Tampa
  ['80202', 3.0], // Denver
  ['21201', 2.8], // Baltimore
  ['63101', 2.8], // St. Louis
  ['32801', 2.7], // Orlando
  ['28202', 2.7], // Charlotte
  ['78205', 2.6], // San Antonio
  ['97204', 2.5], // Portland, OR
  ['95814', 2.4], // Sacramento
  ['15222', 2.4], // Pittsburgh
  ['78701', 2.3], // Austin
  ['89101', 2.3], // Las Vegas
  ['45202', 2.3], // Cincinnati
  ['64106', 2.2], // Kansas City
  ['43215', 2.1], // Columbus
  ['46204', 2.1], // Indianapolis
  ['44114', 2.1], // Cleveland
  ['95113', 2.0], // San Jose
  ['37203', 2.0], // Nashville
  ['53202', 1.6], // Milwaukee
  ['73102', 1.4], // Oklahoma City
  ['23219', 1.3], // Richmond
  ['84101', 1.3], // Salt Lake City
  ['70112', 1.3], // New Orleans
  ['40202', 1.3], // Louisville
  ['38103', 1.3], // Memphis
  ['14202', 1.2], // Buffalo
  ['06103', 1.2], // Hartford
  ['96813', 1.0], // Honolulu
  ['87102', 0.9], // Albuquerque
  ['04101', 0.5], // Portland, ME
  ['99501', 0.4], // Anchorage
];

/** ZIPs within this many miles of a metro's centre belong to it. */
const METRO_RADIUS_MILES = 25;
/** Share of listings in metro areas; the rest are spread over towns across the states. */
const METRO_SHARE = 0.8;

/** The 50 states and DC (the data set also holds territories and military post offices). */
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

function placeOf(zip: string): Place | undefined {
  const c = lookup(zip);
  if (!c || c.country !== 'US' || !STATES.has(c.state)) return undefined;
  if (!Number.isFinite(c.latitude) || !Number.isFinite(c.longitude)) return undefined;
  return { zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude };
}

export interface PlacePicker {
  /** Every ZIP in use. */
  places: Place[];
  metroCount: number;
  /** A place, metro areas weighted by population. */
  pick(random: Random): Place;
}

/**
 * About `total` real ZIP codes: most in metro areas (each metro's share by population), the rest
 * drawn at random from every state, so listings cluster the way members do.
 */
export function choosePlaces(random: Random, total = 2000): PlacePicker {
  const used = new Set<string>();
  const metroTotal = Math.round(total * 0.75);
  const population = METROS.reduce((sum, [, m]) => sum + m, 0);
  const metros: Array<{ millions: number; places: Place[] }> = [];
  for (const [centre, millions] of METROS) {
    const quota = Math.max(5, Math.round((metroTotal * millions) / population));
    const nearby = (radius(centre, METRO_RADIUS_MILES) as string[])
      .filter((zip) => !used.has(zip))
      .map(placeOf)
      .filter((p): p is Place => p !== undefined);
    const places = random.sample(nearby, quota);
    for (const p of places) used.add(p.zip);
    if (places.length > 0) metros.push({ millions, places });
  }
  const everywhere = Object.keys(codes)
    .filter((zip) => !used.has(zip))
    .map(placeOf)
    .filter((p): p is Place => p !== undefined);
  const towns = random.sample(everywhere, total - used.size);
  const places = [...metros.flatMap((m) => m.places), ...towns];
  return {
    places,
    metroCount: metros.length,
    pick(r: Random): Place {
      if (towns.length === 0 || r.chance(METRO_SHARE)) {
        return r.pick(r.weighted(metros, (m) => m.millions).places);
      }
      return r.pick(towns);
    },
  };
}
