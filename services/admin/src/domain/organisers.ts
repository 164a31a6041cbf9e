import { organiserRequestResponse } from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import type { z } from 'zod';
import { auditActions } from './audit';
import { attempt, audited, type Actor, type ModerationDeps } from './moderation';

/** The organiser fields exchange answers with (ARCHITECTURE §8), as the console lists them. */
const organiserRequest = organiserRequestResponse;
const organiserDecided = organiserRequestResponse.extend({
  previous_status: organiserRequestResponse.shape.status,
});

/** Exchange's answer, checked against the contract (anything else is exchange's failure). */
function fromExchange<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const r = schema.safeParse(answer);
  if (!r.success) throw AppError.unavailable('The exchange service answered something unexpected');
  return r.data;
}

/** Math-trade organiser standings from exchange (`requested` ones wait for a decision). */
export async function organiserRequests(
  deps: Pick<ModerationDeps, 'calls'>,
  actor: Pick<Actor, 'token'>,
  status?: 'requested' | 'approved' | 'refused',
) {
  const answer = (await deps.calls.organisers(actor.token, status)) as
    { organisers?: unknown[] } | undefined;
  return { organisers: (answer?.organisers ?? []).map((o) => fromExchange(organiserRequest, o)) };
}

/** Approves or refuses a member who asked to organise math trades, through exchange; audited. */
export async function decideOrganiser(
  deps: ModerationDeps,
  actor: Actor,
  userId: string,
  status: 'approved' | 'refused',
) {
  const answer = await attempt(
    deps,
    actor,
    {
      action: auditActions.organiserDecision,
      targetType: 'user',
      targetId: userId,
      requested: { organiser: status },
    },
    () => deps.calls.decideOrganiser(actor.token, userId, status),
  );
  const { previous_status, ...organiser } = fromExchange(organiserDecided, answer);
  await audited(deps, actor, {
    action: auditActions.organiserDecision,
    targetType: 'user',
    targetId: userId,
    before: { organiser: previous_status },
    after: { organiser: organiser.status },
  });
  return organiser;
}
