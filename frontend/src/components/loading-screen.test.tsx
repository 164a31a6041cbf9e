import { act, render } from '@testing-library/react';
import { pageWindow } from './pager';
import { HeartLoader, LOADING_SEGMENTS, LOADING_STEP_MS, segmentOpacity } from './loading-screen';

describe('loading heart', () => {
  it('starts at 1.2, drops 0.3 per step and stops at 0.2', () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => Number(segmentOpacity(s).toFixed(2)))).toEqual([
      1.2, 0.9, 0.6, 0.3, 0.2, 0.2,
    ]);
  });

  it('moves the lit segment every 400 ms over 6 segments', () => {
    jest.useFakeTimers();
    const { container } = render(<HeartLoader />);
    const lit = () =>
      Array.from(container.querySelectorAll('path')).findIndex((p) => Number(p.style.opacity) >= 1);
    expect(container.querySelectorAll('path')).toHaveLength(LOADING_SEGMENTS);
    expect(lit()).toBe(0);
    act(() => {
      jest.advanceTimersByTime(LOADING_STEP_MS);
    });
    expect(lit()).toBe(1);
    act(() => {
      jest.advanceTimersByTime(LOADING_STEP_MS * 5);
    });
    expect(lit()).toBe(0);
    jest.useRealTimers();
  });
});

describe('pager window', () => {
  it('shows at most 5 page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
