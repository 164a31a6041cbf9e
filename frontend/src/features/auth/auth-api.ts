import { api } from '../../app/api';
import { unwrap } from '../../app/http';

export interface AccountSummary {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface SignInResult {
  token: string;
  user: AccountSummary;
}

export interface Providers {
  google: boolean;
  googleClientId: string | undefined;
}

type Raw = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : '');

function toSignIn(body: unknown): SignInResult {
  const d = (unwrap<unknown>(body) ?? {}) as Raw;
  const u = (d.user ?? {}) as Raw;
  return {
    token: s(d.token),
    user: {
      userId: s(u.user_id),
      email: s(u.email),
      firstName: s(u.first_name),
      lastName: s(u.last_name),
    },
  };
}

const messageOf = (body: unknown) => s((body as Raw | undefined)?.message);

export type GoogleCredential = { code: string } | { idToken: string };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    providers: build.query<Providers, void>({
      query: () => ({ url: '/auth/providers' }),
      transformResponse: (body) => {
        const d = (unwrap<unknown>(body) ?? {}) as Raw;
        return { google: d.google === true, googleClientId: s(d.googleClientId) || undefined };
      },
    }),
    register: build.mutation<
      { email: string; message: string },
      { email: string; password: string }
    >({
      query: (b) => ({
        url: '/auth/register',
        method: 'POST',
        body: { email: b.email, password: b.password, authMethod: 'email', providerId: '' },
      }),
      transformResponse: (body) => ({
        email: s(((unwrap<unknown>(body) ?? {}) as Raw).email),
        message: messageOf(body),
      }),
    }),
    login: build.mutation<SignInResult, { email: string; password: string }>({
      query: (b) => ({
        url: '/auth/login',
        method: 'POST',
        body: { email: b.email, password: b.password, authMethod: 'email', providerId: '' },
      }),
      transformResponse: toSignIn,
    }),
    googleSignIn: build.mutation<SignInResult, GoogleCredential>({
      query: (credential) => ({
        url: '/auth/login',
        method: 'POST',
        body: { authMethod: 'google', ...credential },
      }),
      transformResponse: toSignIn,
    }),
    verifyOtp: build.mutation<SignInResult, { email: string; otp: string }>({
      query: (b) => ({ url: '/auth/verify-otp', method: 'POST', body: b }),
      transformResponse: toSignIn,
    }),
    sendOtp: build.mutation<string, { email: string }>({
      query: (b) => ({ url: '/otp/send-otp', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    forgotPassword: build.mutation<string, { email: string }>({
      query: (b) => ({ url: '/auth/forgot-password', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    resetPassword: build.mutation<string, { token: string; newPassword: string }>({
      query: (b) => ({ url: '/auth/reset-password', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    requestSignInLink: build.mutation<string, { email: string }>({
      query: (b) => ({ url: '/auth/sign-in-link', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    redeemSignInLink: build.mutation<SignInResult, { token: string }>({
      query: (b) => ({ url: '/auth/sign-in-link/redeem', method: 'POST', body: b }),
      transformResponse: toSignIn,
    }),
  }),
});

export const {
  useProvidersQuery,
  useRegisterMutation,
  useLoginMutation,
  useGoogleSignInMutation,
  useVerifyOtpMutation,
  useSendOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useRequestSignInLinkMutation,
  useRedeemSignInLinkMutation,
} = authApi;
