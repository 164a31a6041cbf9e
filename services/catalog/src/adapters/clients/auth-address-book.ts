import { AppError, currentRequestId, type Logger } from '@swapbooth/service-kit';
import type { AddressBook } from '../../domain/ports';
import type { ListingLocation } from '../../domain/product';

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Raw = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Reads the address out of auth's `{ success, data }` answer (data.address or data itself). */
export function toLocation(addressId: string, body: unknown): ListingLocation | undefined {
  const data = (body as { data?: Raw } | undefined)?.data;
  const a = ((data?.address as Raw | undefined) ?? data) as Raw | undefined;
  if (!a || typeof a !== 'object') return undefined;
  const zip = text(a.zip_code) ?? text(a.zipCode);
  const city = text(a.city);
  const state = text(a.state);
  const country = text(a.country);
  return {
    addressId,
    ...(zip ? { zipCode: zip } : {}),
    ...(city ? { city } : {}),
    ...(state ? { state } : {}),
    ...(country ? { country } : {}),
  };
}

/**
 * Asks the auth service for one of the caller's addresses (`GET /api/address/{id}`), forwarding
 * the caller's own token, so auth decides whether the address is theirs.
 */
export class AuthAddressBook implements AddressBook {
  constructor(
    private readonly authUrl: string,
    private readonly logger: Logger,
    private readonly timeoutMs = 3000,
  ) {}

  async find(addressId: string, authorization: string): Promise<ListingLocation | undefined> {
    if (!SAFE_ID.test(addressId)) return undefined;
    let res: Response;
    try {
      const requestId = currentRequestId();
      res = await fetch(`${this.authUrl}/api/address/${encodeURIComponent(addressId)}`, {
        headers: { authorization, ...(requestId ? { 'x-request-id': requestId } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'address lookup failed');
      throw AppError.unavailable('Addresses cannot be checked right now; try again shortly');
    }
    if (res.status === 404 || res.status === 403 || res.status === 400) return undefined;
    if (res.status === 401) throw AppError.unauthorized('Session has ended; please sign in again');
    if (!res.ok) {
      this.logger.warn({ status: res.status }, 'address lookup answered an error');
      throw AppError.unavailable('Addresses cannot be checked right now; try again shortly');
    }
    return toLocation(addressId, await res.json().catch(() => undefined));
  }
}
