import type {
  ApiSuccess,
  AuthProvidersResponse,
  SignedInResponse,
  SignUpResponse,
  emailOnlySchema,
  forgotPasswordSchema,
  loginSchema,
  redeemLinkSchema,
  registerSchema,
  requestLinkSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';

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

function toSignIn({ data }: ApiSuccess<SignedInResponse>): SignInResult {
  return {
    token: data.token,
    user: {
      userId: data.user.user_id,
      email: data.user.email,
      firstName: data.user.first_name ?? '',
      lastName: data.user.last_name ?? '',
    },
  };
}

/** The envelope's message (answers whose outcome is all in it carry `data: null`). */
const messageOf = (body: ApiSuccess<unknown>) => body.message ?? '';

export type GoogleCredential = { code: string } | { idToken: string };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    providers: build.query<Providers, void>({
      query: () => ({ url: '/auth/providers' }),
      transformResponse: ({ data }: ApiSuccess<AuthProvidersResponse>) => ({
        google: data.google,
        googleClientId: data.googleClientId || undefined,
      }),
    }),
    register: build.mutation<
      { email: string; message: string },
      RequestBody<typeof registerSchema>
    >({
      query: (b) => ({
        url: '/auth/register',
        method: 'POST',
        body: { email: b.email, password: b.password, authMethod: 'email', providerId: '' },
      }),
      transformResponse: (body: ApiSuccess<SignUpResponse>) => ({
        email: body.data.email,
        message: messageOf(body),
      }),
    }),
    login: build.mutation<SignInResult, RequestBody<typeof loginSchema>>({
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
    verifyOtp: build.mutation<SignInResult, RequestBody<typeof verifyOtpSchema>>({
      query: (b) => ({ url: '/auth/verify-otp', method: 'POST', body: b }),
      transformResponse: toSignIn,
    }),
    sendOtp: build.mutation<string, RequestBody<typeof emailOnlySchema>>({
      query: (b) => ({ url: '/otp/send-otp', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    forgotPassword: build.mutation<string, RequestBody<typeof forgotPasswordSchema>>({
      query: (b) => ({ url: '/auth/forgot-password', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    resetPassword: build.mutation<string, RequestBody<typeof resetPasswordSchema>>({
      query: (b) => ({ url: '/auth/reset-password', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    requestSignInLink: build.mutation<string, RequestBody<typeof requestLinkSchema>>({
      query: (b) => ({ url: '/auth/sign-in-link', method: 'POST', body: b }),
      transformResponse: messageOf,
    }),
    redeemSignInLink: build.mutation<SignInResult, RequestBody<typeof redeemLinkSchema>>({
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
