import zipcodes from 'zipcodes';

/** True for a 5-digit ZIP that exists in the US ZIP data set. */
export function isKnownUsZip(zip: string): boolean {
  if (!/^\d{5}$/.test(zip)) return false;
  return zipcodes.lookup(zip)?.country === 'US';
}
