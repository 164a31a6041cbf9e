import { Router } from 'express';
import { exchangeIdParam } from '@swapbooth/contracts';
import { handle, parse, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ChatDeps } from '../../deps';
import { disputeTranscript } from '../../domain/transcript';

/**
 * The call the admin service makes with the acting admin's token (never exposed by the gateway):
 * an exchange's chat, for the disputes area, while a dispute about it is open.
 */
export function transcriptsRoutes(ctx: ServiceContext, deps: ChatDeps): Router {
  const r = Router();
  r.get(
    '/internal/proposals/:id/transcript',
    requireAuth(ctx.adminTokens),
    requirePermission('disputes'),
    handle(async (req, res) => {
      const proposalId = parse(exchangeIdParam, req.params.id, 'id');
      const messages = await disputeTranscript(deps.transcripts, proposalId);
      res.json({
        success: true,
        data: {
          messages: messages.map((m) => ({
            message_id: m.id,
            sender_id: m.senderId,
            content: m.content,
            created_at: m.createdAt.toISOString(),
          })),
        },
      });
    }),
  );
  return r;
}
