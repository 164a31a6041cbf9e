import { EARTH_RADIUS_MILES, haversineMiles, isValidPoint, roundMiles, zipToPoint } from '.';

describe('haversineMiles', () => {
  const midtown = { lat: 40.7484, lng: -73.9967 };
  const beverlyHills = { lat: 34.0901, lng: -118.4065 };

  it('is zero from a point to itself', () => {
    expect(haversineMiles(midtown, midtown)).toBe(0);
  });

  it('is the same in both directions', () => {
    expect(haversineMiles(midtown, beverlyHills)).toBeCloseTo(
      haversineMiles(beverlyHills, midtown),
      9,
    );
  });

  it('measures one degree of latitude as 1/360 of the circumference', () => {
    const oneDegree = haversineMiles({ lat: 10, lng: 20 }, { lat: 11, lng: 20 });
    expect(oneDegree).toBeCloseTo((2 * Math.PI * EARTH_RADIUS_MILES) / 360, 9);
    expect(oneDegree).toBeCloseTo(69.09, 2);
  });

  it('agrees with the ZIP data set on New York to Beverly Hills (about 2,453 mi)', () => {
    expect(haversineMiles(midtown, beverlyHills)).toBeCloseTo(2453.32, 2);
  });

  it('uses the 6,371 km sphere the engines use (56.36 m between two Kathmandu points)', () => {
    const metres =
      haversineMiles({ lat: 27.740068, lng: 85.337576 }, { lat: 27.740286, lng: 85.337059 }) *
      1609.344;
    expect(metres).toBeCloseTo(56.36, 2);
  });

  it('stays finite for antipodal points', () => {
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_MILES,
      6,
    );
  });
});

describe('roundMiles', () => {
  it('keeps one decimal place', () => {
    expect(roundMiles(9.4806)).toBe(9.5);
    expect(roundMiles(2453.3213)).toBe(2453.3);
    expect(roundMiles(0.04)).toBe(0);
  });
});

describe('isValidPoint', () => {
  it('accepts coordinates in range and rejects the rest', () => {
    expect(isValidPoint({ lat: 40.7, lng: -74 })).toBe(true);
    expect(isValidPoint({ lat: 91, lng: 0 })).toBe(false);
    expect(isValidPoint({ lat: 0, lng: -181 })).toBe(false);
    expect(isValidPoint({ lat: Number.NaN, lng: 0 })).toBe(false);
  });
});

describe('zipToPoint', () => {
  it('resolves a ZIP to its centre, city and state', () => {
    expect(zipToPoint('10001')).toEqual({
      lat: 40.7484,
      lng: -73.9967,
      city: 'New York',
      state: 'NY',
    });
  });

  it('keeps the leading zero of New England and New Jersey ZIPs', () => {
    expect(zipToPoint('07030')).toMatchObject({ city: 'Hoboken', state: 'NJ' });
  });

  it('accepts ZIP+4 and surrounding spaces', () => {
    expect(zipToPoint(' 10001-1234 ')).toEqual(zipToPoint('10001'));
    expect(zipToPoint('100011234')).toEqual(zipToPoint('10001'));
  });

  it('returns undefined for unknown or malformed ZIPs', () => {
    expect(zipToPoint('00000')).toBeUndefined();
    expect(zipToPoint('1001')).toBeUndefined();
    expect(zipToPoint('abcde')).toBeUndefined();
    expect(zipToPoint('')).toBeUndefined();
  });
});
