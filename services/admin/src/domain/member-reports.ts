import type { MemberRow, Page, PageQuery, ProjectionReader, ReportRow } from './projection';

export interface MemberReport {
  report: ReportRow;
  /** The reported member as the projection knows them (undefined if not heard of yet). */
  member?: MemberRow;
  /** Open reports about the same member. */
  openReportsOnMember: number;
}

/**
 * The queue of reports about members (catalog's report.filed with target `user`), newest first,
 * each with the member reported and how many reports about them are open, so a moderator sees a
 * pattern at a glance.
 */
export async function memberReports(
  projection: Pick<ProjectionReader, 'reports' | 'member' | 'openReportsOn'>,
  q: PageQuery & { status?: string },
): Promise<Page<MemberReport>> {
  const found = await projection.reports({ ...q, targetType: 'user' });
  const ids = [...new Set(found.items.map((r) => r.targetId))];
  const [members, open] = await Promise.all([
    Promise.all(ids.map((id) => projection.member(id))),
    projection.openReportsOn('user', ids),
  ]);
  const byId = new Map(ids.map((id, i) => [id, members[i]]));
  return {
    ...found,
    items: found.items.map((report) => {
      const member = byId.get(report.targetId);
      return {
        report,
        ...(member ? { member } : {}),
        openReportsOnMember: open.get(report.targetId) ?? 0,
      };
    }),
  };
}
