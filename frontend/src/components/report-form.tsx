import { useState, type FormEvent } from 'react';
import { errorMessage } from '../app/http';
import { useToast } from '../app/hooks';
import { FormError } from './form-fields';
import { Modal } from './modal';

/**
 * The report dialog of a listing or a member: a reason from `reasons` ([value, label] pairs) and
 * optional details, sent by `send`; `thanks` is the toast once the report is filed.
 */
export function ReportForm<R extends string>({
  title,
  reasons,
  thanks,
  sending,
  send,
  onClose,
}: {
  title: string;
  reasons: readonly (readonly [R, string])[];
  thanks: string;
  sending: boolean;
  send(report: { reason: R; details?: string }): Promise<unknown>;
  onClose(): void;
}) {
  const toast = useToast();
  const [reason, setReason] = useState<R | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError('Please choose a reason.');
    try {
      await send({ reason, ...(details.trim() ? { details: details.trim() } : {}) });
      toast(thanks, 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field__label">Reason</span>
          <select value={reason} onChange={(e) => setReason(e.target.value as R | '')}>
            <option value="">Choose a reason</option>
            {reasons.map(([value, label]) => (
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
          <button type="submit" className="btn btn--danger" disabled={sending}>
            Send report
          </button>
        </div>
      </form>
    </Modal>
  );
}
