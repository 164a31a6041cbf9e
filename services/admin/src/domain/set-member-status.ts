import { auditActions } from './audit';
import { attempt, audited, statusOf, type Actor, type ModerationDeps } from './moderation';

/** Suspends or reactivates a member through auth; auth's user.status-changed does the rest. */
export async function setMemberStatus(
  deps: ModerationDeps,
  actor: Actor,
  userId: string,
  status: 'active' | 'suspended',
  reason?: string,
) {
  const before = (await deps.projection.member(userId))?.status;
  const answer = await attempt(
    deps,
    actor,
    {
      action: auditActions.userStatus,
      targetType: 'user',
      targetId: userId,
      reason,
      requested: { status },
    },
    () => deps.calls.setUserStatus(actor.token, userId, status, reason),
  );
  const after = statusOf(answer) ?? status;
  const entry = await audited(deps, actor, {
    action: auditActions.userStatus,
    targetType: 'user',
    targetId: userId,
    ...(before ? { before: { status: before } } : {}),
    after: { status: after },
    ...(reason ? { reason } : {}),
  });
  return { user_id: userId, status: after, previous_status: before ?? null, audit_id: entry.id };
}
