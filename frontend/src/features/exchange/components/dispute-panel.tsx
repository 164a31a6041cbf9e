import type {
  DisputeReason,
  DisputeResponse,
  DisputeStep,
  ProposalResponse,
} from '@swapbooth/contracts';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { ACCEPTED_IMAGE_TYPES, uploadPrivatePhoto } from '../../../app/uploads';
import { FormError } from '../../../components/form-fields';
import { formatDate } from '../../../lib/format';
import {
  outcomeLabels,
  reasonLabels,
  stepLabels,
  useDisputeStepMutation,
  useGetDisputeQuery,
  useOpenDisputeMutation,
  usePrivatePhotoUrlsQuery,
} from '../disputes-api';
import { partyName } from '../proposal-view';

const DESCRIPTION_MAX = 2000;
/** Most photos one report may carry (the contract's MAX_DISPUTE_PHOTOS). */
const MAX_DISPUTE_PHOTOS = 5;
const disputeReasons = Object.keys(reasonLabels) as DisputeReason[];

/** The private photos' URLs expire after 5 minutes: they are read again a little before. */
const PHOTO_URLS_REFRESH_MS = 4 * 60_000;
/** Until catalog hears of a new dispute, its other party may not read the photos yet. */
const PHOTO_URLS_RETRY_MS = 3_000;

/**
 * The dispute's photos, through short-lived URLs catalog gives the parties (the photos are
 * private). A photo stored before the private path (a public URL) shows as it is.
 */
function DisputePhotos({ photos }: { photos: string[] }) {
  const legacy = photos.filter((p) => /^https?:\/\//.test(p));
  const keys = photos.filter((p) => !legacy.includes(p));
  const { data, isError, refetch, startedTimeStamp } = usePrivatePhotoUrlsQuery(keys, {
    skip: keys.length === 0,
    pollingInterval: PHOTO_URLS_REFRESH_MS,
  });
  useEffect(() => {
    if (!isError) return;
    const retry = setTimeout(() => void refetch(), PHOTO_URLS_RETRY_MS);
    return () => clearTimeout(retry);
  }, [isError, refetch, startedTimeStamp]);
  const byKey = new Map((data?.urls ?? []).map((u) => [u.key, u.url]));
  const urls = [...keys.map((k) => byKey.get(k)).filter((u): u is string => !!u), ...legacy];
  if (urls.length === 0) return null;
  return (
    <ul className="dispute__photos">
      {urls.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={`Photo ${i + 1} of the problem`} width={120} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "I have a problem": the reason, what happened, and up to 5 photos. */
function ReportForm({
  proposal: p,
  me,
  onClose,
}: {
  proposal: ProposalResponse;
  me: string;
  onClose(): void;
}) {
  const toast = useToast();
  const ids = { reason: useId(), description: useId(), photos: useId() };
  const [reason, setReason] = useState<DisputeReason>('not_as_described');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [open, { isLoading }] = useOpenDisputeMutation();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!description.trim()) {
      setError('Tell us what happened.');
      return;
    }
    try {
      setUploading(true);
      const photos: string[] = [];
      for (const f of files) photos.push(await uploadPrivatePhoto(f, me));
      setUploading(false);
      await open({
        proposalId: p.proposal_id,
        reason,
        description: description.trim(),
        photos,
      }).unwrap();
      toast('Your problem was reported. The other member has 3 days to answer.', 'success');
      onClose();
    } catch (err) {
      setUploading(false);
      const message = err instanceof Error ? err.message : errorMessage(err);
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <form className="dispute-form" onSubmit={(e) => void submit(e)} aria-label="Report a problem">
      <label htmlFor={ids.reason}>What went wrong?</label>
      <select
        id={ids.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value as DisputeReason)}
      >
        {disputeReasons.map((r) => (
          <option key={r} value={r}>
            {reasonLabels[r]}
          </option>
        ))}
      </select>
      <label htmlFor={ids.description}>What happened</label>
      <textarea
        id={ids.description}
        value={description}
        maxLength={DESCRIPTION_MAX}
        rows={4}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label htmlFor={ids.photos}>Photos (up to {MAX_DISPUTE_PHOTOS})</label>
      <input
        id={ids.photos}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          if (chosen.length > MAX_DISPUTE_PHOTOS) {
            setError(`Choose at most ${MAX_DISPUTE_PHOTOS} photos.`);
          }
          setFiles(chosen.slice(0, MAX_DISPUTE_PHOTOS));
        }}
      />
      {files.length > 0 && (
        <p className="dispute-form__files">{files.map((f) => f.name).join(', ')}</p>
      )}
      <FormError message={error} />
      <div className="dispute-form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading || uploading}>
          {uploading ? 'Uploading photos…' : 'Report the problem'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const statusLines: Record<DisputeResponse['status'], string> = {
  open: 'Waiting for an answer',
  answered: 'A remedy was proposed',
  escalated: 'Swapbooth is looking into it',
  closed: 'Closed',
};

/** The dispute as either party reads it, with the steps they may take. */
export function DisputeView({
  dispute: d,
  proposal: p,
  me,
}: {
  dispute: DisputeResponse;
  proposal: ProposalResponse;
  me: string;
}) {
  const toast = useToast();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [take, { isLoading }] = useDisputeStepMutation();
  const nameOf = (id: string | null) =>
    id === me
      ? 'You'
      : id === p.sender_id
        ? partyName(p.sender)
        : id === p.receiver_id
          ? partyName(p.receiver)
          : 'Swapbooth';

  const act = async (step: DisputeStep) => {
    setError(null);
    if (step === 'propose_remedy' && !message.trim()) {
      setError('Describe the remedy you propose.');
      return;
    }
    try {
      await take({
        proposalId: p.proposal_id,
        step,
        ...(message.trim() ? { message: message.trim() } : {}),
      }).unwrap();
      setMessage('');
      toast('Done.', 'success');
    } catch (err) {
      const text = errorMessage(err);
      setError(text);
      toast(text, 'error');
    }
  };

  return (
    <section className="dispute card" aria-labelledby={`${messageId}-title`}>
      <h2 id={`${messageId}-title`}>Problem reported</h2>
      <p className="dispute__status" role="status">
        {statusLines[d.status]}
        {d.answer_due_at && d.status !== 'closed'
          ? ` — goes to Swapbooth on ${formatDate(d.answer_due_at)} unless you agree before`
          : ''}
      </p>
      <p>
        <strong>{nameOf(d.opened_by)}</strong> reported: {reasonLabels[d.reason]}
      </p>
      <p className="dispute__description">{d.description}</p>
      {d.photos.length > 0 && <DisputePhotos photos={d.photos} />}
      {d.remedy && d.status === 'answered' && <p className="notice">Remedy proposed: {d.remedy}</p>}
      <ol className="dispute__history">
        {d.statements.slice(1).map((s, i) => (
          <li key={i}>
            <strong>{nameOf(s.by)}</strong>{' '}
            {s.kind === 'resolution'
              ? 'decided'
              : s.kind === 'no_answer'
                ? ''
                : (stepLabels[s.kind as DisputeStep] ?? s.kind).toLowerCase()}
            : {s.text} <span className="dispute__when">{formatDate(s.at)}</span>
          </li>
        ))}
      </ol>
      {d.status === 'closed' && d.outcome && (
        <div className="notice dispute__outcome">
          <p>
            <strong>Outcome:</strong> {outcomeLabels[d.outcome]}
            {d.closed_by === 'admin' ? ' (decided by Swapbooth)' : ' (agreed)'}
          </p>
          {d.note && <p>Note from Swapbooth: {d.note}</p>}
        </div>
      )}
      {d.allowed_steps.length > 0 && (
        <div className="dispute__answer">
          <label htmlFor={messageId}>Your message</label>
          <textarea
            id={messageId}
            value={message}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => setMessage(e.target.value)}
          />
          <div className="dispute__steps">
            {d.allowed_steps.map((s) => (
              <button
                key={s}
                type="button"
                className={s === 'escalate' ? 'btn btn--ghost' : 'btn btn--secondary'}
                disabled={isLoading}
                onClick={() => void act(s)}
              >
                {stepLabels[s]}
              </button>
            ))}
          </div>
          <FormError message={error} />
        </div>
      )}
    </section>
  );
}

/**
 * The proposal page's dispute part: "I have a problem" while the viewer may report one, and the dispute
 * (open or closed) once one was reported.
 */
export function DisputePanel({ proposal: p, me }: { proposal: ProposalResponse; me: string }) {
  const [reporting, setReporting] = useState(false);
  const mayHaveOne = ['disputed', 'completed', 'cancelled'].includes(p.status);
  const { data } = useGetDisputeQuery(p.proposal_id, { skip: !mayHaveOne });
  if (data) return <DisputeView dispute={data} proposal={p} me={me} />;
  // Offered while the exchange's report window is open (exchange says when, in allowed_actions).
  if (!p.allowed_actions.includes('report_problem')) return null;
  return (
    <section className="dispute">
      {reporting ? (
        <ReportForm proposal={p} me={me} onClose={() => setReporting(false)} />
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setReporting(true)}>
          I have a problem
        </button>
      )}
    </section>
  );
}
