import { useState, type FormEvent } from 'react';
import {
  MEMBER_REPORT_REASONS,
  useBlockStatusQuery,
  useReportMemberMutation,
  useSetBlockMutation,
  type MemberReportReason,
} from '../app/blocks-api';
import { errorMessage } from '../app/http';
import { useToast, useUserId } from '../app/hooks';
import { ConfirmModal } from './confirm-modal';
import { FormError } from './form-fields';
import { Modal } from './modal';

/**
 * Block / Unblock and Report member, for another member (the store page, a proposal, a chat).
 * Nothing shows for a visitor or for oneself.
 */
export function MemberSafetyActions({ userId, name }: { userId: string; name: string }) {
  const me = useUserId();
  const toast = useToast();
  const self = !me || me === userId;
  const status = useBlockStatusQuery(userId, { skip: self || !userId });
  const [setBlock, blockState] = useSetBlockMutation();
  const [asking, setAsking] = useState<'block' | 'report' | null>(null);
  if (self || !userId) return null;
  const blocked = status.data === true;

  const change = async (block: boolean) => {
    try {
      await setBlock({ userId, block }).unwrap();
      toast(block ? `You blocked ${name}.` : `You unblocked ${name}.`, 'success');
      setAsking(null);
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={status.isLoading || blockState.isLoading}
        onClick={() => (blocked ? void change(false) : setAsking('block'))}
      >
        {blocked ? 'Unblock' : 'Block'}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => setAsking('report')}>
        Report member
      </button>
      {asking === 'block' && (
        <ConfirmModal
          title={`Block ${name}?`}
          confirmLabel="Block"
          keepLabel="Cancel"
          confirmDisabled={blockState.isLoading}
          onConfirm={() => void change(true)}
          onClose={() => setAsking(null)}
        >
          <p>
            Neither of you will be able to send the other proposals or messages, or follow each
            other, and your open proposals with {name} will be cancelled. {name} will not be told.
            You can unblock them from My Account.
          </p>
        </ConfirmModal>
      )}
      {asking === 'report' && (
        <ReportMemberDialog userId={userId} name={name} onClose={() => setAsking(null)} />
      )}
    </>
  );
}

/** "Report member": a reason from the list that fits a member, and optional details. */
export function ReportMemberDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose(): void;
}) {
  const toast = useToast();
  const [report, { isLoading }] = useReportMemberMutation();
  const [reason, setReason] = useState<MemberReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError('Please choose a reason.');
    try {
      await report({
        userId,
        reason,
        ...(details.trim() ? { details: details.trim() } : {}),
      }).unwrap();
      toast('Thank you. Our team will review this member.', 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal title={`Report ${name}`} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field__label">Reason</span>
          <select
            value={reason}
            onChange={(e) => setReason(e.target.value as MemberReportReason | '')}
          >
            <option value="">Choose a reason</option>
            {MEMBER_REPORT_REASONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Details (optional)</span>
          <textarea
            rows={4}
            maxLength={2000}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </label>
        <FormError message={error} />
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={isLoading}>
            Send report
          </button>
        </div>
      </form>
    </Modal>
  );
}
