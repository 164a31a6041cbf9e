import {
  memberReportReasons,
  reportReasons,
  reportStatuses,
  reportTargets,
} from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { BoothRepository } from './booth-repository';
import { isSafeId } from './image-keys';
import type { ProductRepository } from './product-repository';
import { isVisibleTo } from './product';

// The vocabulary is part of the API contract; the domain uses the contract's lists.
export { reportReasons, reportStatuses, reportTargets } from '@swapbooth/contracts';

export interface Report {
  id: string;
  reporterId: string;
  targetType: (typeof reportTargets)[number];
  targetId: string;
  reason: (typeof reportReasons)[number];
  details?: string;
  status: (typeof reportStatuses)[number];
  createdAt: Date;
  updatedAt: Date;
}

export interface ReportRepository {
  /** 'duplicate' when this reporter already has an open report on this target. */
  insert(report: Report, events: DomainEvent[]): Promise<'inserted' | 'duplicate'>;
  list(query: { status?: Report['status']; page: number; limit: number }): Promise<{
    items: Report[];
    total: number;
  }>;
  setStatus(id: string, status: Report['status'], at: Date): Promise<Report | undefined>;
}

export interface RateLimiter {
  /** Takes one unit for this key; when none is left, says how long until one is. */
  take(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

interface Deps {
  reports: ReportRepository;
  products: ProductRepository;
  booths: BoothRepository;
  limiter: RateLimiter;
  newId(): string;
  now(): Date;
}

export type ReportInput = Pick<Report, 'targetType' | 'targetId' | 'reason' | 'details'>;

async function checkTarget(deps: Deps, reporterId: string, input: ReportInput): Promise<void> {
  const notFound = () => AppError.notFound(`The reported ${input.targetType} was not found`);
  const own = () =>
    AppError.invalid(`targetId: you cannot report your own ${input.targetType}`, 'targetId');
  if (input.targetType === 'product') {
    const p = await deps.products.findById(input.targetId);
    if (!p || !isVisibleTo(p, reporterId)) throw notFound();
    if (p.userId === reporterId) throw own();
  } else if (input.targetType === 'booth') {
    const b = await deps.booths.findByIdOrUser(input.targetId);
    if (!b) throw notFound();
    if (b.userId === reporterId) throw own();
  } else {
    if (!isSafeId(input.targetId)) throw AppError.invalid('targetId: not a user id', 'targetId');
    if (input.targetId === reporterId) throw own();
    if (!(memberReportReasons as readonly string[]).includes(input.reason)) {
      throw AppError.invalid(
        `reason: a member is reported for one of ${memberReportReasons.join(', ')}`,
        'reason',
      );
    }
  }
}

/** Files a report for the admin area: one open report per reporter and target, rate-limited. */
export async function fileReport(
  deps: Deps,
  reporterId: string,
  input: ReportInput,
): Promise<Report> {
  await checkTarget(deps, reporterId, input);
  const quota = await deps.limiter.take(reporterId);
  if (!quota.allowed) {
    throw AppError.rateLimited('Too many reports; please try again later', quota.retryAfterSeconds);
  }
  const now = deps.now();
  const report: Report = {
    id: deps.newId(),
    reporterId,
    ...input,
    ...(input.details?.trim() ? { details: input.details.trim() } : { details: undefined }),
    status: 'open',
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await deps.reports.insert(report, [
    domainEvent('report.filed', report.id, {
      reportId: report.id,
      reporterId,
      targetType: report.targetType,
      targetId: report.targetId,
      reason: report.reason,
    }),
  ]);
  if (outcome === 'duplicate')
    throw AppError.conflict('You already reported this; we are looking into it');
  return report;
}

/** The moderators' queue: reports (in one status, or all), a page at a time. */
export async function reportQueue(
  deps: Pick<Deps, 'reports'>,
  status: Report['status'] | undefined,
  page: { page: number; limit: number },
): Promise<{ items: Report[]; total: number; page: number; limit: number }> {
  const found = await deps.reports.list({ ...(status ? { status } : {}), ...page });
  return { ...found, ...page };
}

/** A moderator moves a report along (reviewing, resolved, dismissed, or open again). */
export async function reviewReport(
  deps: Pick<Deps, 'reports' | 'now'>,
  id: string,
  status: Report['status'],
): Promise<Report> {
  const report = await deps.reports.setStatus(id, status, deps.now());
  if (!report) throw AppError.notFound('Report not found');
  return report;
}
