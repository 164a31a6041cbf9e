import { useState } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { useGoogleSignInMutation } from '../auth-api';
import { useCompleteSignIn } from '../use-complete-sign-in';

interface CodeClient {
  requestCode(): void;
}
interface GoogleAccounts {
  oauth2: {
    initCodeClient(config: {
      client_id: string;
      scope: string;
      ux_mode: 'popup';
      callback(response: { code?: string; error?: string }): void;
    }): CodeClient;
  };
}
declare global {
  interface Window {
    google?: { accounts: GoogleAccounts };
  }
}

/** Scopes requested by default (SPEC §1). */
export const GOOGLE_SCOPES = 'openid profile email';
const SCRIPT = 'https://accounts.google.com/gsi/client';

function loadGoogle(): Promise<GoogleAccounts> {
  if (window.google?.accounts) return Promise.resolve(window.google.accounts);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () =>
      window.google?.accounts
        ? resolve(window.google.accounts)
        : reject(new Error('Google sign-in unavailable'));
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.appendChild(script);
  });
}

/** "Continue with Google": an authorization code from Google's popup, exchanged by our server. */
export function GoogleButton({
  clientId,
  onSignedIn,
}: {
  clientId: string;
  onSignedIn?: () => void;
}) {
  const toast = useToast();
  const [signIn, { isLoading }] = useGoogleSignInMutation();
  const complete = useCompleteSignIn();
  const [loading, setLoading] = useState(false);

  const start = async () => {
    setLoading(true);
    try {
      const accounts = await loadGoogle();
      accounts.oauth2
        .initCodeClient({
          client_id: clientId,
          scope: GOOGLE_SCOPES,
          ux_mode: 'popup',
          callback: (response) => {
            if (!response.code) {
              if (response.error) toast('Google sign-in was cancelled', 'info');
              return;
            }
            signIn({ code: response.code })
              .unwrap()
              .then((result) => {
                onSignedIn?.();
                complete(result);
              })
              .catch((e: unknown) => toast(errorMessage(e), 'error'));
          },
        })
        .requestCode();
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setLoading(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn--google btn--block"
      disabled={loading || isLoading}
      onClick={() => void start()}
    >
      <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
        />
      </svg>
      Continue with Google
    </button>
  );
}
