import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { NotificationDeps } from '../../deps';
import { notificationsController } from './notifications.controller';

/** SPEC §7 Notifications, plus "mark all read" and the e-mail settings of My Account. */
export function notificationsRoutes(ctx: ServiceContext, deps: NotificationDeps): Router {
  const r = Router();
  const c = notificationsController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.get('/api/notifications/user/:id', member, handle(c.list));
  r.put('/api/notifications/read-all', member, handle(c.markAllRead));
  r.get('/api/notifications/settings', member, handle(c.settings));
  r.put('/api/notifications/settings', member, handle(c.updateSettings));
  r.put('/api/notifications/:id/read', member, handle(c.markRead));
  r.post('/api/notifications/create', member, handle(c.create));
  return r;
}
