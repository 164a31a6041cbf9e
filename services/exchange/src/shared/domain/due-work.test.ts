import { AppError, type Logger } from '@swapbooth/service-kit';
import { sweepDue, type DueWork } from './due-work';

const at = new Date('2026-01-01T00:00:00Z');

describe('sweepDue', () => {
  const logger = { warn: jest.fn() } as unknown as Logger;

  it('handles everything due in batches, skips what vanished and logs what failed without stopping', async () => {
    const due = new Set(Array.from({ length: 250 }, (_, i) => `x${i}`));
    const work: DueWork = {
      name: 'things',
      due: async (_now, limit) => [...due].slice(0, limit),
      settle: async (id) => {
        if (id === 'x3') throw AppError.notFound('gone');
        if (id === 'x7') throw new Error('broken');
        due.delete(id);
      },
    };
    const handled = await sweepDue([work], { now: () => at, logger });
    expect(handled).toEqual({ things: 250 });
    expect([...due]).toEqual(['x3', 'x7']);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
