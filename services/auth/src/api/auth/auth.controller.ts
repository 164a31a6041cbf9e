import type { Request, Response } from 'express';
import type {
  AuthProvidersResponse,
  EmailNotVerifiedResponse,
  OtpSentResponse,
  SignUpResponse,
} from '@swapbooth/contracts';
import { AppError, handle, parse, principalOf } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { clientAddress } from '../client-address';
import { accountView } from '../presenters';
import { sendSignedIn, type CookieSettings } from '../sessions/session-cookie';
import {
  authMethodSchema,
  emailOnlySchema,
  googleCredentialSchema,
  loginSchema,
  registerSchema,
  verifyOtpSchema,
} from './auth.schemas';

/** Sign-up, e-mail codes, sign-in and the account summary. */
export function authController(deps: AuthDeps, cookies: CookieSettings) {
  const googleSignIn = async (req: Request, res: Response) => {
    const credential = parse(googleCredentialSchema, req.body);
    sendSignedIn(res, await deps.signIn.withGoogle(credential), cookies, 'Signed in with Google');
  };

  return {
    register: handle(async (req, res) => {
      const { authMethod } = parse(authMethodSchema, req.body);
      if (authMethod === 'google') return googleSignIn(req, res);
      const { email, password } = parse(registerSchema, req.body);
      const r = await deps.signUp.register(email, password);
      res.status(201).json({
        success: true,
        data: {
          user_id: r.userId,
          email: r.email,
          is_verified: false,
          otp_sent: r.codeSent,
        } satisfies SignUpResponse,
        message: r.codeSent
          ? `Account created. We sent a 6-digit code to ${r.email}.`
          : 'Account created. Please request a verification code in a few minutes.',
      });
    }),

    sendOtp: handle(async (req, res) => {
      const { email } = parse(emailOnlySchema, req.body);
      await deps.verification.resend(email);
      res.json({
        success: true,
        data: { email } satisfies OtpSentResponse,
        message:
          'If this address has an account waiting for verification, a new code is on its way.',
      });
    }),

    verifyOtp: handle(async (req, res) => {
      const { email, otp } = parse(verifyOtpSchema, req.body);
      const user = await deps.verification.verify(email, otp);
      const session = await deps.sessions.start(user.id);
      sendSignedIn(res, { kind: 'signed-in', user, session }, cookies, 'E-mail verified');
    }),

    login: handle(async (req, res) => {
      const { authMethod } = parse(authMethodSchema, req.body);
      if (authMethod === 'google') return googleSignIn(req, res);
      const { email, password } = parse(loginSchema, req.body);
      const outcome = await deps.signIn.withPassword(email, password, clientAddress(req));
      if (outcome.kind === 'signed-in') return sendSignedIn(res, outcome, cookies);
      res.status(403).json({
        success: false,
        code: 'email_not_verified',
        message: outcome.codeSent
          ? `Please verify your e-mail address: we sent a new code to ${outcome.email}.`
          : 'Please verify your e-mail address with the code we sent you.',
        data: { email: outcome.email, requires_verification: true, otp_sent: outcome.codeSent },
      } satisfies EmailNotVerifiedResponse);
    }),

    google: handle(googleSignIn),

    providers: handle(async (_req, res) => {
      res.json({
        success: true,
        data: {
          email: true,
          google: deps.google.enabled,
          ...(deps.google.clientId ? { googleClientId: deps.google.clientId } : {}),
        } satisfies AuthProvidersResponse,
      });
    }),

    userData: handle(async (req, res) => {
      const user = await deps.profiles.account(principalOf(req).userId);
      if (!user) throw AppError.unauthorized('Account not found');
      res.json({ success: true, data: accountView(user) });
    }),
  };
}
