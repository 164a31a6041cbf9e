import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ChatDeps } from '../../deps';
import { chatController } from './chat.controller';

/** SPEC §7 Chat. Every call needs a member token; only a conversation's two parties get in. */
export function chatRoutes(ctx: ServiceContext, deps: ChatDeps): Router {
  const r = Router();
  const c = chatController(deps.chat);
  const member = requireAuth(ctx.memberTokens);

  r.get('/api/chat/proposal/:id', member, handle(c.byProposal));
  r.post('/api/chat/proposal/:id/message', member, handle(c.send));
  r.get('/api/chat/conversations/:id/messages', member, handle(c.messages));
  r.get('/api/chat/user/:id/chats', member, handle(c.forUser));
  r.put('/api/chat/chat/:id/read', member, handle(c.markRead));
  r.get('/api/chat/conversation/:id', member, handle(c.conversation));
  return r;
}
