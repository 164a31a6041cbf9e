import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import express from 'express';
import jwt from 'jsonwebtoken';

export interface StubAddress {
  zip_code: string;
  city: string;
  state: string;
  country?: string;
}

/**
 * A stand-in for the auth service's `GET /api/address/{id}` (our own sibling API): it checks the
 * forwarded member token like auth does and answers 404 for addresses that are not the caller's.
 */
export class AuthStub {
  private readonly addresses = new Map<string, { userId: string; address: StubAddress }>();
  private server: Server | undefined;
  url = '';
  /** Authorization headers the stub received, for asserting they were forwarded. */
  readonly seenAuthorization: string[] = [];
  /** When set, the stub answers every lookup with this status (to simulate auth being down). */
  failWith: number | undefined;

  addAddress(userId: string, address: StubAddress): string {
    const id = `addr-${randomUUID().slice(0, 8)}`;
    this.addresses.set(id, { userId, address });
    return id;
  }

  async start(): Promise<void> {
    const key = readFileSync(process.env.JWT_PUBLIC_KEY_FILE as string, 'utf8');
    const app = express();
    app.get('/api/address/:id', (req, res) => {
      const header = req.headers.authorization ?? '';
      this.seenAuthorization.push(header);
      if (this.failWith) return void res.status(this.failWith).json({ success: false });
      let sub: string;
      try {
        const claims = jwt.verify(header.replace(/^Bearer /, ''), key, {
          algorithms: ['RS256'],
          audience: 'swapbooth-api',
        }) as { sub: string };
        sub = claims.sub;
      } catch {
        return void res.status(401).json({ success: false, message: 'Invalid token' });
      }
      const found = this.addresses.get(req.params.id);
      if (!found || found.userId !== sub) {
        return void res.status(404).json({ success: false, message: 'Address not found' });
      }
      res.json({
        success: true,
        data: { address_id: req.params.id, user_id: sub, street1: '1 Main St', ...found.address },
      });
    });
    this.server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => this.server!.once('listening', resolve));
    const addr = this.server.address();
    this.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
