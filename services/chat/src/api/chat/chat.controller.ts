import type { Request, Response } from 'express';
import { assertSelf, parse } from '@swapbooth/service-kit';
import type { Chat } from '../../domain/chat';
import { conversationIdOf } from '../../domain/conversation';
import { presentConversation, presentMessage } from './chat.presenters';
import { idParam, messagesQuery, readBody, sendBody, userIdQuery } from './chat.schemas';

const ok = (res: Response, data: unknown, status = 200) =>
  res.status(status).json({ success: true, data });

/** SPEC §7 chat calls: the actor is the token's subject; a userId given must be the same. */
export const chatController = (chat: Chat) => ({
  async byProposal(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const me = assertSelf(req, parse(userIdQuery, req.query, 'query').userId);
    const view = await chat.byProposal(id, me);
    const page = view.locked
      ? { messages: [], hasMore: false }
      : await chat.latestMessages(view.conversation.id, 50);
    ok(res, {
      conversation: presentConversation(view),
      messages: page.messages.map(presentMessage),
      has_more: page.hasMore,
    });
  },

  async send(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const body = parse(sendBody, req.body);
    const me = assertSelf(req, body.userId);
    const message = await chat.send(conversationIdOf(id), me, body.content);
    ok(res, presentMessage(message), 201);
  },

  async messages(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const q = parse(messagesQuery, req.query, 'query');
    const me = assertSelf(req, q.userId);
    const page = await chat.messagesAfter(id, me, q.since ? new Date(q.since) : undefined, q.limit);
    ok(res, { messages: page.messages.map(presentMessage), has_more: page.hasMore });
  },

  async forUser(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const me = assertSelf(req, id);
    ok(res, (await chat.forUser(me)).map(presentConversation));
  },

  async markRead(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const me = assertSelf(req, parse(readBody, req.body)?.userId);
    await chat.markRead(id, me);
    ok(res, { conversation_id: id, unread_count: 0 });
  },

  async conversation(req: Request, res: Response) {
    const { id } = parse(idParam, req.params, 'params');
    const me = assertSelf(req, parse(userIdQuery, req.query, 'query').userId);
    ok(res, presentConversation(await chat.byId(id, me)));
  },
});
