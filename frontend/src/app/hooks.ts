import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { toastShown, type ToastKind } from '../components/toasts/toasts-slice';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in member's id, or undefined. */
export const useUserId = () =>
  useAppSelector((s) => (s.session.status === 'signedIn' ? s.session.userId : undefined));

export const useSessionStatus = () => useAppSelector((s) => s.session.status);

/** `toast('Saved', 'success')`. */
export function useToast() {
  const dispatch = useAppDispatch();
  return useCallback(
    (message: string, kind: ToastKind = 'info') => dispatch(toastShown(message, kind)),
    [dispatch],
  );
}
