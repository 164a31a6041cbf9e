import type { Connection } from 'mongoose';
import type { ProjectionReader } from '../../domain/projection';
import { ListingsRepository } from './listings.repository';
import { MembersRepository } from './members.repository';
import { ProposalsRepository } from './proposals.repository';
import { ReportsRepository } from './reports.repository';
import { SubscriptionsRepository } from './subscriptions.repository';

/** The admin's projections of other services' events, one repository each. */
export function projectionRepositories(conn: Connection) {
  return {
    members: new MembersRepository(conn),
    listings: new ListingsRepository(conn),
    proposals: new ProposalsRepository(conn),
    subscriptions: new SubscriptionsRepository(conn),
    reports: new ReportsRepository(conn),
  };
}
export type ProjectionRepositories = ReturnType<typeof projectionRepositories>;

/** The reads the console makes of the projections (the domain's ProjectionReader port). */
export function projectionReader(p: ProjectionRepositories): ProjectionReader {
  return {
    members: (q) => p.members.list(q),
    member: (userId) => p.members.find(userId),
    listings: (q) => p.listings.list(q),
    listing: (productId) => p.listings.find(productId),
    subscriptions: (q) => p.subscriptions.list(q),
    subscriptionById: (subscriptionId) => p.subscriptions.findBySubscriptionId(subscriptionId),
    reports: (q) => p.reports.list(q),
    report: (reportId) => p.reports.find(reportId),
    openReportsOn: (targetType, targetIds) => p.reports.openOn(targetType, targetIds),
    snapshot: async () => {
      const [members, listings, proposals, subscriptions, reports] = await Promise.all([
        p.members.counted(),
        p.listings.counted(),
        p.proposals.counted(),
        p.subscriptions.counted(),
        p.reports.counted(),
      ]);
      return { members, listings, proposals, subscriptions, reports };
    },
  };
}
