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

  it('settles a batch at once where the work can, and one by one what it leaves or when it fails', async () => {
    const due = new Set(Array.from({ length: 25 }, (_, i) => `x${i}`));
    const alone: string[] = [];
    const batches: number[] = [];
    const warn = jest.fn();
    const work: DueWork = {
      name: 'things',
      batch: 10,
      due: async (_now, limit) => [...due].slice(0, limit),
      settleAll: async (ids) => {
        batches.push(ids.length);
        if (ids.includes('x20')) throw new Error('batch write failed');
        for (const id of ids) if (id !== 'x5') due.delete(id);
        return ids.filter((id) => id === 'x5');
      },
      settle: async (id) => {
        alone.push(id);
        due.delete(id);
      },
    };
    const handled = await sweepDue([work], {
      now: () => at,
      logger: { warn } as unknown as Logger,
    });
    expect(handled).toEqual({ things: 25 });
    expect(due.size).toBe(0);
    expect(batches).toEqual([10, 10, 5]);
    expect(alone).toEqual(['x5', 'x20', 'x21', 'x22', 'x23', 'x24']);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
