import { useCreateVerificationSessionMutation } from './payment-api';
import { externalNavigation, VERIFICATION_SESSION_KEY } from './payment-rules';

/** Starts a verification session and leaves for its hosted page, remembering the session. */
export function useStartVerification(userId: string) {
  const [create, { isLoading }] = useCreateVerificationSessionMutation();
  return {
    isLoading,
    async run(customerId: string | null): Promise<void> {
      if (!customerId) throw new Error('Your payment account is not ready yet. Try again soon.');
      const session = await create({ userId, cusId: customerId }).unwrap();
      if (!session.url) throw new Error('The verification page could not be opened.');
      window.sessionStorage.setItem(VERIFICATION_SESSION_KEY, session.sessionId);
      externalNavigation.go(session.url);
    },
  };
}
