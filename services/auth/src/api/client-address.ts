import { isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The caller's address as the sign-in throttle counts it. `req.ip` already follows X-Forwarded-For
 * through the gateway (the app trusts loopback and private proxies only). An IPv4-mapped address
 * counts as its IPv4 address, and an IPv6 address as its /64 network: one host is usually given a
 * whole /64, so counting single IPv6 addresses would let it change address at every attempt.
 */
export function clientAddress(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return isIPv6(ip) ? `${ipv6Network(ip)}::/64` : ip;
}

function ipv6Network(ip: string): string {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':');
}
