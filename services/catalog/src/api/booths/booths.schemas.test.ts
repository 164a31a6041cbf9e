import { ownerBoothStatuses as contractStatuses, updateBoothBody } from '@swapbooth/contracts';
import { ownerBoothStatuses } from '../../domain/booth';

describe('the booth request contract', () => {
  it('lets an owner set exactly the statuses the domain lets owners choose', () => {
    expect([...contractStatuses]).toEqual([...ownerBoothStatuses]);
    expect(updateBoothBody.safeParse({ status: 'suspended' }).success).toBe(false);
  });
});
