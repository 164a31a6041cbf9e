import { adminAuditTargetTypes, adminReportResolutions } from '@swapbooth/contracts';
import { auditTargetTypes } from '../domain/audit';
import { reportResolutions } from '../domain/projection';

describe('the admin request contract', () => {
  it('takes the report resolutions and audit targets the admin service knows', () => {
    expect([...adminReportResolutions]).toEqual([...reportResolutions]);
    expect([...adminAuditTargetTypes]).toEqual([...auditTargetTypes]);
  });
});
