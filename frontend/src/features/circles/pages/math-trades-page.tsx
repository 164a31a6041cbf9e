import type { MathTradeResponse, OrganiserResponse } from '@swapbooth/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { ErrorState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-fields';
import { InlineLoading } from '../../../components/loading-screen';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import {
  useGetMathTradeQuery,
  useGetMathTradesQuery,
  useGetOrganiserQuery,
  useRequestOrganiserMutation,
  useSolveMathTradeMutation,
} from '../circles-api';
import { organiserTexts, tradingLine } from '../circles-rules';
import { MathTradeResult } from '../components/math-trade-result';
import '../circles.css';

/** The file's bytes as text (Blob.text where the browser has it, else a FileReader). */
export function readFileText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });
}

const MAX_FILE_BYTES = 2_000_000;

function Standing({ organiser }: { organiser: OrganiserResponse }) {
  const toast = useToast();
  const [ask, state] = useRequestOrganiserMutation();
  const [error, setError] = useState<string | null>(null);
  const s = organiser.status;
  return (
    <section className="panel" aria-labelledby="organiser-title">
      <h2 id="organiser-title" className="panel__title">
        Organiser standing
      </h2>
      <p role="status" aria-live="polite">
        {organiserTexts[s]}
        {s === 'requested' &&
          organiser.requested_at &&
          ` (asked ${formatDate(organiser.requested_at)})`}
      </p>
      {s === 'none' && (
        <>
          <p>
            You need a booth to organise: <Link to="/create-store">create one</Link> first if you
            have none.
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={state.isLoading}
            onClick={async () => {
              setError(null);
              try {
                await ask().unwrap();
                toast('Your request was sent to the admins.', 'success');
              } catch (err) {
                const message = errorMessage(err, 'Your request could not be sent.');
                setError(message);
                toast(message, 'error');
              }
            }}
          >
            Ask to organise math trades
          </button>
        </>
      )}
      <FormError message={error} />
    </section>
  );
}

function UploadForm({ onSolved }: { onSolved(r: MathTradeResponse): void }) {
  const id = useId();
  const [solve, state] = useSolveMathTradeMutation();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Give the math trade a name.');
    if (!file) return setError('Choose a want-list file.');
    if (file.size > MAX_FILE_BYTES) return setError('The file is over 2 MB.');
    try {
      const text = await readFileText(file);
      if (!text.trim()) return setError('The file is empty.');
      onSolved(await solve({ name: name.trim(), file: text }).unwrap());
    } catch (err) {
      setError(errorMessage(err, 'The math trade could not be solved.'));
    }
  };

  return (
    <form className="panel form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        Run a math trade
      </h2>
      <p>
        Upload the want lists in the TradeMaximizer (Online Want List Generator) format:{' '}
        <code>#!</code> options, the official names, and <code>(user) ITEM : WANT1 WANT2</code>{' '}
        lines.
      </p>
      <label className="field">
        <span className="field__label">Name</span>
        <input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Want-list file</span>
        <input
          type="file"
          accept=".txt,text/plain"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <FormError message={error} />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={state.isLoading}>
          {state.isLoading ? 'Solving…' : 'Solve'}
        </button>
      </div>
    </form>
  );
}

function PastTrades() {
  const { data, error } = useGetMathTradesQuery();
  if (error || !data?.length) return null;
  return (
    <section className="panel" aria-labelledby="past-trades-title">
      <h2 id="past-trades-title" className="panel__title">
        My math trades
      </h2>
      <ul className="math-past">
        {data.map((m) => (
          <li key={m.math_trade_id}>
            <Link to={`/circles/math-trades/${encodeURIComponent(m.math_trade_id)}`}>{m.name}</Link>{' '}
            <span className="circles-muted">
              {tradingLine(m)} · {m.users_trading} users trading · {formatDate(m.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SavedResult({ id }: { id: string }) {
  const { data, isLoading, error, refetch } = useGetMathTradeQuery(id);
  if (isLoading) return <InlineLoading />;
  if (error || !data)
    return (
      <ErrorState
        message={errorMessage(error, 'This math trade could not be loaded.')}
        onRetry={refetch}
      />
    );
  return <MathTradeResult result={data} />;
}

/**
 * /circles/math-trades: the member's organiser standing (ask, wait, refused, approved); an
 * approved organiser uploads a want-list file and sees the result; and their past math trades.
 * /circles/math-trades/{id} shows one of them.
 */
export default function MathTradesPage() {
  usePageTitle('Math trades');
  const { mathTradeId } = useParams();
  const navigate = useNavigate();
  const organiser = useGetOrganiserQuery();
  const [result, setResult] = useState<MathTradeResponse | null>(null);

  return (
    <div className="page circles-page math-trades-page">
      <h1 className="page__title">Math trades</h1>
      <p className="circles-page__lead">
        A math trade is a community event: everyone submits want lists and the largest set of trade
        loops is found at once. <Link to="/circles">Trade circles</Link>
      </p>
      {organiser.isLoading ? (
        <InlineLoading />
      ) : organiser.error || !organiser.data ? (
        <ErrorState
          message={errorMessage(organiser.error, 'Your organiser standing could not be loaded.')}
          onRetry={organiser.refetch}
        />
      ) : (
        <>
          <Standing organiser={organiser.data} />
          {organiser.data.status === 'approved' && (
            <UploadForm
              onSolved={(r) => {
                setResult(r);
                if (mathTradeId) navigate('/circles/math-trades');
              }}
            />
          )}
        </>
      )}
      <p className="visually-hidden" role="status">
        {result ? `Solved: ${tradingLine(result)}` : ''}
      </p>
      {result && !mathTradeId && <MathTradeResult result={result} />}
      {mathTradeId && <SavedResult id={mathTradeId} />}
      <PastTrades />
    </div>
  );
}
