import { organiserRequestResponse } from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import type { z } from 'zod';
import { auditActions, type AuditEntry } from './audit';
import type { ProjectionReader, ReportResolution, ReportRow } from './projection';
import type { AuditLog, Clock, ServiceCalls } from './ports';

/** The admin acting: from the verified admin token, which is also forwarded to the owning service. */
export interface Actor {
  id: string;
  email: string;
  token: string;
}

export interface ModerationDeps {
  calls: ServiceCalls;
  projection: ProjectionReader;
  reports: { resolveReport(next: ReportRow, expectedVersion: number): Promise<boolean> };
  audit: AuditLog;
  clock: Clock;
}

/** What the console's 'hidden' means in the catalog: an admin suspension, reversible by publishing. */
export const catalogStatusFor = {
  published: 'published',
  hidden: 'suspended',
  removed: 'removed',
} as const;
export type ListingModeration = keyof typeof catalogStatusFor;

const statusOf = (answer: unknown): string | undefined =>
  answer &&
  typeof answer === 'object' &&
  typeof (answer as { status?: unknown }).status === 'string'
    ? (answer as { status: string }).status
    : undefined;

async function audited(
  deps: ModerationDeps,
  actor: Actor,
  entry: Pick<
    AuditEntry,
    'action' | 'targetType' | 'targetId' | 'before' | 'after' | 'reason' | 'details'
  >,
) {
  return deps.audit.append({
    adminId: actor.id,
    adminEmail: actor.email,
    outcome: 'succeeded',
    ...entry,
  });
}

/**
 * Runs the owning service's command; a refusal or failure is written to the audit log too
 * (outcome failed, with the answer) before it reaches the admin.
 */
async function attempt<T>(
  deps: ModerationDeps,
  actor: Actor,
  what: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'reason'> & { requested: unknown },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) {
      await deps.audit.append({
        adminId: actor.id,
        adminEmail: actor.email,
        action: what.action,
        targetType: what.targetType,
        targetId: what.targetId,
        after: what.requested,
        ...(what.reason ? { reason: what.reason } : {}),
        outcome: 'failed',
        details: { error: err.message, code: err.code },
      });
    }
    throw err;
  }
}

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

/** Publishes, hides (catalog: suspended) or removes a listing through catalog. */
export async function setListingStatus(
  deps: ModerationDeps,
  actor: Actor,
  productId: string,
  status: ListingModeration,
  reason?: string,
) {
  const known = await deps.projection.listing(productId);
  const before = known?.status;
  const answer = await deps.calls.setProductStatus(
    actor.token,
    productId,
    catalogStatusFor[status],
  );
  const after = statusOf(answer) ?? catalogStatusFor[status];
  const entry = await audited(deps, actor, {
    action: auditActions.productStatus,
    targetType: 'product',
    targetId: productId,
    ...(before ? { before: { status: before } } : {}),
    after: { status: after, requested: status },
    ...(reason ? { reason } : {}),
    // Who to tell: the seller (admin.action-taken carries it for the notification service).
    ...(known ? { details: { sellerId: known.sellerId } } : {}),
  });
  return {
    product_id: productId,
    status: after,
    requested: status,
    previous_status: before ?? null,
    audit_id: entry.id,
  };
}

/** Cancels a member's subscription through payment. */
export async function cancelSubscription(
  deps: ModerationDeps,
  actor: Actor,
  subscriptionId: string,
  reason?: string,
) {
  const known = await deps.projection.subscriptionById(subscriptionId);
  let answer: unknown;
  try {
    answer = await attempt(
      deps,
      actor,
      {
        action: auditActions.subscriptionCancel,
        targetType: 'subscription',
        targetId: subscriptionId,
        reason,
        requested: { status: 'canceled' },
      },
      () => deps.calls.cancelSubscription(actor.token, subscriptionId),
    );
  } catch (err) {
    if (err instanceof AppError && err.details?.missingRoute) {
      throw AppError.unavailable(
        'Cancelling a subscription is not available yet: the payment service does not offer it',
      );
    }
    throw err;
  }
  const after = statusOf(answer) ?? 'canceled';
  const entry = await audited(deps, actor, {
    action: auditActions.subscriptionCancel,
    targetType: 'subscription',
    targetId: subscriptionId,
    ...(known ? { before: { status: known.status, user_id: known.userId } } : {}),
    after: { status: after },
    ...(reason ? { reason } : {}),
  });
  return { subscription_id: subscriptionId, status: after, audit_id: entry.id };
}

/**
 * Closes a report as dismissed or actioned (naming the audit entry of the action taken). The
 * catalog's copy of the report is told too when the admin may moderate listings; the queue here is
 * what the console shows.
 */
export async function resolveReport(
  deps: ModerationDeps,
  actor: Actor,
  reportId: string,
  resolution: ReportResolution,
  opts: { actionAuditId?: string; note?: string; syncCatalog: boolean },
) {
  const report = await deps.projection.report(reportId);
  if (!report) throw AppError.notFound('Report not found');
  if (report.status !== 'open') throw AppError.conflict(`This report is already ${report.status}`);
  const next: ReportRow = {
    ...report,
    status: resolution,
    resolvedAt: deps.clock.now(),
    resolvedBy: actor.id,
    version: report.version + 1,
    ...(opts.actionAuditId ? { actionAuditId: opts.actionAuditId } : {}),
    ...(opts.note ? { note: opts.note } : {}),
  };
  if (!(await deps.reports.resolveReport(next, report.version))) {
    throw AppError.conflict('This report was resolved by someone else meanwhile');
  }
  let catalogSynced = false;
  if (opts.syncCatalog) {
    try {
      await deps.calls.setReportStatus(
        actor.token,
        reportId,
        resolution === 'dismissed' ? 'dismissed' : 'resolved',
      );
      catalogSynced = true;
    } catch {
      catalogSynced = false;
    }
  }
  const entry = await audited(deps, actor, {
    action: auditActions.reportResolve,
    targetType: 'report',
    targetId: reportId,
    before: { status: 'open' },
    after: {
      status: resolution,
      ...(opts.actionAuditId ? { actionAuditId: opts.actionAuditId } : {}),
    },
    ...(opts.note ? { reason: opts.note } : {}),
  });
  return { report: next, catalogSynced, audit_id: entry.id };
}

/** GET /api/admin/test-stripe: whether the payment provider answers, and in which mode. */
export async function paymentProviderStatus(
  deps: Pick<ModerationDeps, 'calls'>,
  actor: Pick<Actor, 'token'>,
) {
  try {
    const answer = (await deps.calls.providerStatus(actor.token)) as
      Record<string, unknown> | undefined;
    return { reachable: true, ...(answer ?? {}) };
  } catch (err) {
    if (err instanceof AppError && err.details?.missingRoute) {
      throw AppError.unavailable(
        'The payment service does not report its provider yet (GET /internal/provider)',
      );
    }
    throw err;
  }
}

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
