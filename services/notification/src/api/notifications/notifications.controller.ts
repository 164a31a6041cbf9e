import type { Request, Response } from 'express';
import { AppError, assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import type { NotificationDeps } from '../../deps';
import { tradeEmailKinds } from '../../domain/trade-emails';
import { createBody, idParam, listQuery, settingsBody } from './notifications.schemas';

/** SPEC §7 notification calls; the actor is always the token's subject. */
export const notificationsController = ({ inbox, members }: NotificationDeps) => ({
  async list(req: Request, res: Response) {
    const me = assertSelf(req, parse(idParam, req.params, 'params').id);
    const { page, limit } = parse(listQuery, req.query, 'query');
    const r = await inbox.list(me, page, limit);
    res.json({
      success: true,
      data: r.notifications,
      unread_count: r.unread,
      total: r.total,
      page,
      limit,
    });
  },

  async markRead(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const n = await inbox.markRead(id, principalOf(req).userId);
    res.json({ success: true, data: n });
  },

  async markAllRead(req: Request, res: Response) {
    const changed = await inbox.markAllRead(principalOf(req).userId);
    res.json({ success: true, data: { updated: changed, unread_count: 0 } });
  },

  async create(req: Request, res: Response) {
    const body = parse(createBody, req.body);
    const r = await inbox.createForOtherParty(principalOf(req).userId, body);
    res
      .status(r.created ? 201 : 200)
      .json({ success: true, data: { notification_id: r.notificationId, created: r.created } });
  },

  async settings(req: Request, res: Response) {
    const m = await members.get(principalOf(req).userId);
    res.json({
      success: true,
      data: {
        email: Object.fromEntries(tradeEmailKinds.map((k) => [k, !m.emailOff.includes(k)])),
      },
    });
  },

  async updateSettings(req: Request, res: Response) {
    const me = principalOf(req).userId;
    const { email } = parse(settingsBody, req.body);
    const unknown = Object.keys(email).find(
      (k) => !(tradeEmailKinds as readonly string[]).includes(k),
    );
    if (unknown)
      throw AppError.invalid(`email.${unknown}: is not an e-mail kind`, `email.${unknown}`);
    const off = new Set((await members.get(me)).emailOff);
    for (const k of tradeEmailKinds) {
      if (email[k] === false) off.add(k);
      if (email[k] === true) off.delete(k);
    }
    await members.setEmailOff(me, [...off]);
    res.json({
      success: true,
      data: { email: Object.fromEntries(tradeEmailKinds.map((k) => [k, !off.has(k)])) },
    });
  },
});
