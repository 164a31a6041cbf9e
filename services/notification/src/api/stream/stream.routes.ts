import { Router, type Request, type Response } from 'express';
import {
  handle,
  isStreamId,
  principalOf,
  requireAuth,
  type RealtimePush,
} from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { NotificationConfig } from '../../config';
import type { NotificationDeps } from '../../deps';

/**
 * GET /api/stream: Server-Sent Events for the signed-in member (new notifications, chat messages in
 * their conversations, unread counts, proposal steps). The token comes in the Authorization header,
 * never in the URL (the web app reads the stream with fetch). `Last-Event-ID` resumes after a
 * dropped connection. The stream ends when the token expires or is revoked.
 */
export function streamRoutes(
  ctx: ServiceContext<NotificationConfig>,
  deps: NotificationDeps,
): Router {
  const r = Router();
  const member = requireAuth(ctx.memberTokens);

  r.get(
    '/api/stream',
    member,
    handle(async (req: Request, res: Response) => {
      const principal = principalOf(req);
      const headerId = String(req.headers['last-event-id'] ?? '');
      const lastEventId = isStreamId(headerId) ? headerId : undefined;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      res.socket?.setNoDelay(true);
      res.write('retry: 3000\n\n');

      let closed = false;
      let remove = () => undefined as void;
      const timers: NodeJS.Timeout[] = [];
      ctx.metrics.streamConnections.inc();
      const end = (reason?: string) => {
        if (closed) return;
        closed = true;
        ctx.metrics.streamConnections.dec();
        for (const t of timers) clearTimeout(t);
        remove();
        if (reason) res.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
        res.end();
      };
      const write = (push: RealtimePush) => {
        if (!closed) res.write(`id: ${push.id}\nevent: ${push.type}\ndata: ${push.data}\n\n`);
      };
      req.on('close', () => end());
      res.on('error', () => end());

      remove = await deps.hub.open({ userId: principal.userId, write, close: end }, lastEventId);
      if (closed) {
        remove();
        return;
      }
      const unread = await deps.store.unreadCount(principal.userId);
      res.write(`event: ready\ndata: ${JSON.stringify({ unread_count: unread })}\n\n`);

      // Heartbeats keep proxies from buffering and idle pooled connections open; each one also
      // checks that the session still stands.
      timers.push(
        setInterval(() => {
          void (async () => {
            if (await ctx.memberTokens.isRevoked?.(principal).catch(() => false)) end();
            else if (!closed) res.write(': ping\n\n');
          })();
        }, ctx.config.STREAM_HEARTBEAT_MS),
      );
      const untilExpiry = principal.expiresAt * 1000 - Date.now();
      timers.push(setTimeout(() => end(), Math.max(0, Math.min(untilExpiry, 2 ** 31 - 1))));
    }),
  );
  return r;
}
