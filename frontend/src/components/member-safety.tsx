import { useState } from 'react';
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
import { ReportForm } from './report-form';

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
  const [report, { isLoading }] = useReportMemberMutation();
  return (
    <ReportForm<MemberReportReason>
      title={`Report ${name}`}
      reasons={MEMBER_REPORT_REASONS}
      thanks="Thank you. Our team will review this member."
      sending={isLoading}
      send={(r) => report({ userId, ...r }).unwrap()}
      onClose={onClose}
    />
  );
}
