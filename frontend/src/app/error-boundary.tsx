import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logFailure } from '../lib/log';

interface State {
  error: Error | null;
}

/** Anything a page throws while rendering shows a recoverable message, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logFailure('a page failed to render', { error, componentStack: info.componentStack });
  }

  override componentDidUpdate(prev: { resetKey?: string }): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunkFailed = /dynamically imported module|Loading chunk|Failed to fetch/i.test(
      this.state.error.message,
    );
    return (
      <div className="empty-state empty-state--error" role="alert">
        <h1 className="empty-state__title">Something went wrong</h1>
        <p>
          {chunkFailed
            ? 'A new version of Swapbooth may be available. Reload the page to continue.'
            : 'This page ran into a problem. Please try again.'}
        </p>
        <div className="form__actions form__actions--center">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <a className="btn btn--secondary" href="/">
            Go home
          </a>
        </div>
      </div>
    );
  }
}
