import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';

/**
 * Asks before a destructive action, with an optional (or required) reason that goes to the audit
 * log.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  reason,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  reason: 'required' | 'optional' | 'none';
  busy?: boolean;
  error?: string | null;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const missing = reason === 'required' && text.trim() === '';
  return (
    <ConfirmModal
      title={title}
      confirmLabel={confirmLabel}
      keepLabel="Cancel"
      confirmDisabled={missing || busy}
      onConfirm={() => onConfirm(text.trim())}
      onClose={onClose}
    >
      <p>{message}</p>
      {reason !== 'none' && (
        <label className="field">
          <span className="field__label">
            {reason === 'required' ? 'Reason' : 'Reason (optional)'}
          </span>
          <textarea
            value={text}
            maxLength={500}
            rows={3}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </ConfirmModal>
  );
}
