/** The sign-up and sign-in request schemas live with their contract (packages/contracts). */
export {
  authMethodSchema,
  emailOnlySchema,
  googleCredentialSchema,
  loginSchema,
  registerSchema,
  verifyOtpSchema,
} from '@swapbooth/contracts';
