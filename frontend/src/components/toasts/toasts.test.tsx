import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { Toasts } from './toasts';
import { TOAST_DURATION_MS, TOAST_LIMIT, toastShown } from './toasts-slice';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows at most 3, dropping the oldest', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toasts />
      </Provider>,
    );
    act(() => {
      for (const m of ['one', 'two', 'three', 'four']) store.dispatch(toastShown(m));
    });
    expect(TOAST_LIMIT).toBe(3);
    expect(screen.queryByText('one')).toBeNull();
    expect(screen.getByText('two')).toBeInTheDocument();
    expect(screen.getByText('four')).toBeInTheDocument();
  });

  it('disappears after 4 seconds', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toasts />
      </Provider>,
    );
    act(() => {
      store.dispatch(toastShown('Saved', 'success'));
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(4000);
  });
});
