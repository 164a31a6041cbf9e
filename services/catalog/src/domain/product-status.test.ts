import { AppError } from '@swapbooth/service-kit';
import { allowedTransitions, assertTransition } from './product-status';

describe('listing status transitions', () => {
  it('lets an owner publish, pause, resume and remove', () => {
    expect(allowedTransitions('owner', 'draft')).toEqual(['published', 'removed']);
    expect(allowedTransitions('owner', 'published')).toEqual(['paused', 'removed']);
    expect(allowedTransitions('owner', 'paused')).toEqual(['published', 'removed']);
  });

  it('leaves reserved, traded, removed and suspended listings out of an owner’s hands', () => {
    for (const s of ['reserved', 'traded', 'removed', 'suspended'] as const) {
      expect(allowedTransitions('owner', s)).toEqual([]);
    }
  });

  it('reserves, trades and releases only through exchanges', () => {
    expect(allowedTransitions('exchange', 'published')).toEqual(['reserved']);
    expect(allowedTransitions('exchange', 'reserved')).toEqual(['traded', 'published']);
    expect(allowedTransitions('exchange', 'draft')).toEqual([]);
  });

  it('lets an admin suspend anything not removed, and lift a suspension', () => {
    expect(allowedTransitions('admin', 'traded')).toContain('suspended');
    expect(allowedTransitions('admin', 'removed')).toEqual([]);
    expect(allowedTransitions('admin', 'suspended')).toEqual(['published', 'paused', 'removed']);
  });

  it('names the allowed statuses in the 409', () => {
    let caught: unknown;
    try {
      assertTransition('owner', 'published', 'traded');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(409);
    expect((caught as AppError).message).toBe(
      'A published listing cannot become traded; allowed from published: paused, removed',
    );
    expect(() => assertTransition('owner', 'removed', 'published')).toThrow(
      'allowed from removed: none',
    );
  });
});
