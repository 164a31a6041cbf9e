import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { Modal } from '../../../components/modal';
import {
  REPORT_REASON_LABELS,
  useFileReportMutation,
  useGetReportReasonsQuery,
  type ReportReason,
} from '../listings-api';
import { FormError } from '../../../components/form-fields';

export function ReportDialog({ productId, onClose }: { productId: string; onClose(): void }) {
  const toast = useToast();
  const { data: reasons = Object.keys(REPORT_REASON_LABELS) } = useGetReportReasonsQuery();
  const [report, { isLoading }] = useFileReportMutation();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError('Please choose a reason.');
    try {
      await report({
        targetType: 'product',
        targetId: productId,
        reason,
        ...(details.trim() ? { details: details.trim() } : {}),
      }).unwrap();
      toast('Thank you. Our team will review this listing.', 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal title="Report this listing" onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field__label">Reason</span>
          <select value={reason} onChange={(e) => setReason(e.target.value as ReportReason | '')}>
            <option value="">Choose a reason</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {REPORT_REASON_LABELS[r] ?? r}
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
