import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { TOAST_DURATION_MS, toastDismissed, type Toast } from './toasts-slice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      <span className="toast__message">{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        ×
      </button>
    </div>
  );
}

/** Bottom-right toasts; the slice keeps at most three. */
export function Toasts() {
  const items = useSelector((s: { toasts: { items: Toast[] } }) => s.toasts.items);
  return (
    <div className="toasts" aria-live="polite">
      {items.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
