import type { Request } from 'express';
import { clientAddress } from './client-address';

const from = (ip: string) => clientAddress({ ip, socket: {} } as unknown as Request);

describe('the address sign-in counts', () => {
  it('is the IPv4 address, mapped or not', () => {
    expect(from('203.0.113.7')).toBe('203.0.113.7');
    expect(from('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the /64 network of an IPv6 address', () => {
    expect(from('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(from('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(from('::1')).toBe('0:0:0:0::/64');
  });
});
