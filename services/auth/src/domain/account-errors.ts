import { AppError } from '@swapbooth/service-kit';

/** The answer every sign-in path gives a suspended member. */
export const suspended = () =>
  AppError.forbidden('This account is suspended. Please contact support.');
