import type { Response } from 'express';

/** `{ success: true, data }` with a status. */
export function ok(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

/** Path ids: bounded, printable, no slashes (the contract's, packages/contracts exchange-requests). */
export { exchangeIdParam as idParam } from '@swapbooth/contracts';
