/** The password request schemas live with their contract (packages/contracts). */
export {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@swapbooth/contracts';
