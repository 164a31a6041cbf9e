import {
  adminDisputeResponse,
  disputePageResponse,
  disputeResponse,
  privatePhotoKey,
  privatePhotoUrlsResponse,
  transcriptMessageResponse,
} from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import { z } from 'zod';
import { auditActions } from './audit';
import { attempt, audited, type Actor, type ModerationDeps } from './moderation';
import { setMemberStatus } from './set-member-status';

/**
 * The disputes area: exchange's disputes, one read with the exchange's terms, shipping and (while
 * the dispute is open) its chat from chat, every reading audited; and the admin's decision, which
 * exchange carries out and both parties hear of with the admin's note.
 */

/** An owning service's answer, checked against the contract (anything else is its failure). */
function fromService<S extends z.ZodType>(service: string, schema: S, answer: unknown): z.infer<S> {
  const r = schema.safeParse(answer);
  if (!r.success)
    throw AppError.unavailable(`The ${service} service answered something unexpected`);
  return r.data;
}

export async function listDisputes(
  deps: Pick<ModerationDeps, 'calls'>,
  actor: Pick<Actor, 'token'>,
  query: { status?: string; page: number; limit: number },
) {
  const q: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.status) q.status = query.status;
  return fromService('exchange', disputePageResponse, await deps.calls.disputes(actor.token, q));
}

const transcriptAnswer = z.object({ messages: z.array(transcriptMessageResponse) });

/**
 * The exchange's chat from chat, or null when chat cannot give it now: it is down, or it has not
 * yet heard that the dispute opened (its events arrive a moment later). The rest of the dispute is
 * still shown.
 */
async function transcriptOf(deps: Pick<ModerationDeps, 'calls'>, actor: Actor, proposalId: string) {
  try {
    const answer = await deps.calls.disputeTranscript(actor.token, proposalId);
    return fromService('chat', transcriptAnswer, answer).messages;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'unavailable' || err.code === 'forbidden')) {
      return null;
    }
    throw err;
  }
}

/**
 * The dispute's photos as the admin's browser reads them: catalog keeps them privately and gives
 * short-lived URLs to an admin with the disputes area. Like the chat, they are shown only while
 * the dispute is open: once it is closed none is asked for. A photo stored before the private
 * path (a URL) is shown as it is; when catalog cannot answer now, the photos are left out, the
 * rest shown.
 */
export async function photosOf(
  deps: Pick<ModerationDeps, 'calls'>,
  actor: Actor,
  dispute: { status: string; photos: string[] },
) {
  if (dispute.status === 'closed') return [];
  const { photos } = dispute;
  const keys = photos.filter((p) => privatePhotoKey.safeParse(p).success);
  const legacy = photos.filter((p) => !keys.includes(p));
  if (keys.length === 0) return legacy;
  try {
    const answer = await deps.calls.disputePhotoUrls(actor.token, keys);
    const { urls } = fromService('catalog', privatePhotoUrlsResponse, answer);
    return [...urls.map((u) => u.url), ...legacy];
  } catch (err) {
    // Catalog down, or refusing (a misconfigured deployment): the dispute is still shown.
    if (err instanceof AppError) return legacy;
    throw err;
  }
}

/**
 * One dispute for an admin, audited as `dispute.viewed`: the chat transcript and the photos are
 * asked for only while the dispute is not closed (chat itself refuses the transcript otherwise).
 */
export async function viewDispute(deps: ModerationDeps, actor: Actor, id: string) {
  const found = fromService(
    'exchange',
    adminDisputeResponse.pick({ dispute: true, proposal: true }),
    await deps.calls.dispute(actor.token, id),
  );
  const open = found.dispute.status !== 'closed';
  const transcript = open ? await transcriptOf(deps, actor, found.dispute.proposal_id) : null;
  const entry = await audited(deps, actor, {
    action: auditActions.disputeViewed,
    targetType: 'dispute',
    targetId: id,
    details: {
      proposal_id: found.dispute.proposal_id,
      status: found.dispute.status,
      transcript_messages: transcript?.length ?? null,
    },
  });
  const photos = await photosOf(deps, actor, found.dispute);
  return { ...found, dispute: { ...found.dispute, photos }, transcript, audit_id: entry.id };
}

export interface DisputeDecision {
  outcome: 'completed' | 'cancelled' | 'both_return';
  favouring?: string;
  note: string;
  sanction?: { user_id: string; kind: 'warning' | 'suspension' };
}

/**
 * Resolves a dispute through exchange (which completes or cancels the exchange and tells both
 * parties), audited as `dispute.resolved`; a suspension then goes through auth as any suspension
 * does (it needs the users area too, checked before anything is done).
 */
export async function resolveDispute(
  deps: ModerationDeps,
  actor: Actor,
  id: string,
  decision: DisputeDecision,
  opts: { maySuspend: boolean },
) {
  if (decision.sanction?.kind === 'suspension' && !opts.maySuspend) {
    throw AppError.forbidden('Suspending a member needs the users permission');
  }
  const answer = await attempt(
    deps,
    actor,
    {
      action: auditActions.disputeResolved,
      targetType: 'dispute',
      targetId: id,
      reason: decision.note,
      requested: decision,
    },
    () => deps.calls.resolveDispute(actor.token, id, decision),
  );
  const dispute = fromService('exchange', disputeResponse, answer);
  const entry = await audited(deps, actor, {
    action: auditActions.disputeResolved,
    targetType: 'dispute',
    targetId: id,
    before: { status: 'open' },
    after: {
      status: dispute.status,
      outcome: dispute.outcome,
      favouring: dispute.favouring,
      sanction: dispute.sanction,
    },
    reason: decision.note,
    details: { proposal_id: dispute.proposal_id },
  });
  if (decision.sanction?.kind === 'suspension') {
    await setMemberStatus(
      deps,
      actor,
      decision.sanction.user_id,
      'suspended',
      `Dispute ${id}: ${decision.note}`.slice(0, 500),
    );
  }
  return { dispute, audit_id: entry.id };
}
