import { OAuth2Client, type LoginTicket } from 'google-auth-library';
import { AppError, type Logger } from '@swapbooth/service-kit';
import type { GoogleIdentity, GoogleProfile } from '../domain/ports';

export interface GoogleSettings {
  clientId?: string;
  clientSecret?: string;
  redirectUri: string;
  tokenUrl?: string;
  /** Replaces Google's published signing certificates (kid → PEM); tests sign their own tokens. */
  certs?: () => Promise<Record<string, string>>;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const notConfigured = () =>
  new AppError('not_implemented', 'Google sign-in is not available on this server');
const rejected = () =>
  AppError.unauthorized('Google sign-in failed: the Google credential is not valid');

export function googleIdentity(settings: GoogleSettings, logger: Logger): GoogleIdentity {
  const { clientId } = settings;
  const client = clientId
    ? new OAuth2Client({
        clientId,
        ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}),
        redirectUri: settings.redirectUri,
        // Node's own fetch rather than a dynamically imported node-fetch.
        transporterOptions: { fetchImplementation: fetch },
        ...(settings.tokenUrl ? { endpoints: { oauth2TokenUrl: settings.tokenUrl } } : {}),
      })
    : undefined;

  async function verify(idToken: string): Promise<GoogleProfile> {
    if (!client || !clientId) throw notConfigured();
    let ticket: LoginTicket;
    try {
      ticket = settings.certs
        ? await client.verifySignedJwtWithCertsAsync(
            idToken,
            await settings.certs(),
            clientId,
            GOOGLE_ISSUERS,
          )
        : await client.verifyIdToken({ idToken, audience: clientId });
    } catch (err) {
      logger.info({ err: (err as Error).message.slice(0, 200) }, 'google id token rejected');
      throw rejected();
    }
    const p = ticket.getPayload();
    if (!p?.sub || !p.email) throw rejected();
    return {
      googleId: p.sub,
      email: p.email.trim().toLowerCase(),
      emailVerified: p.email_verified === true,
      ...(p.given_name ? { firstName: p.given_name } : {}),
      ...(p.family_name ? { lastName: p.family_name } : {}),
      ...(p.picture ? { picture: p.picture } : {}),
    };
  }

  return {
    enabled: client !== undefined,
    clientId,
    fromIdToken: verify,
    async fromAuthCode(code, codeVerifier, redirectUri) {
      if (!client) throw notConfigured();
      let idToken: string | null | undefined;
      try {
        const { tokens } = await client.getToken({
          code,
          ...(codeVerifier ? { codeVerifier } : {}),
          redirect_uri: redirectUri ?? settings.redirectUri,
        });
        idToken = tokens.id_token;
      } catch (err) {
        logger.info({ err: (err as Error).message.slice(0, 200) }, 'google code exchange failed');
        throw rejected();
      }
      if (!idToken) throw rejected();
      return verify(idToken);
    },
  };
}
