import {
  adminAreaNames,
  adminAuditTargetTypes,
  adminReportResolutions,
  adminRoleNames,
} from '@swapbooth/contracts';
import { adminAreas } from '@swapbooth/service-kit';
import { adminRoles } from '../domain/admin-user';
import { auditTargetTypes } from '../domain/audit';
import { reportResolutions } from '../domain/projection';

describe('the admin request contract', () => {
  it('takes the report resolutions and audit targets the admin service knows', () => {
    expect([...adminReportResolutions]).toEqual([...reportResolutions]);
    expect([...adminAuditTargetTypes]).toEqual([...auditTargetTypes]);
  });

  it('takes the areas and roles the admin service grants', () => {
    expect([...adminAreaNames]).toEqual([...adminAreas]);
    expect([...adminRoleNames]).toEqual([...adminRoles]);
  });
});
