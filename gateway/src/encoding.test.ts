import { chooseCoding, isCompressible, varyOnEncoding } from './encoding';

describe('chooseCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
  ])('answers %p with %p', (header, expected) => {
    expect(chooseCoding(header)).toBe(expected);
  });

  it('chooses only among the offered codings', () => {
    expect(chooseCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBeUndefined();
  });
});

describe('isCompressible', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/javascript; charset=utf-8', true],
    ['text/html', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['image/png', false],
    ['application/octet-stream', false],
    [undefined, false],
  ])('%p: %p', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once, keeping other names', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
    expect(varyOnEncoding(['Origin'], 'accept, origin')).toBe('Origin, accept, Accept-Encoding');
  });
});
