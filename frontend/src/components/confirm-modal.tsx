import type { ReactNode } from 'react';
import { Modal } from './modal';

/**
 * Asks before an action that cannot be taken back: a way out (`keepLabel`, which closes) and the
 * action itself (`confirmLabel`; `confirmDisabled` while it is in flight or not yet possible), with
 * what it will do as the body.
 */
export function ConfirmModal({
  title,
  confirmLabel,
  keepLabel = 'Keep it',
  keepStyle = 'ghost',
  confirmDisabled,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  keepLabel?: string;
  keepStyle?: 'ghost' | 'secondary';
  confirmDisabled?: boolean;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={`btn btn--${keepStyle}`} onClick={onClose}>
            {keepLabel}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
