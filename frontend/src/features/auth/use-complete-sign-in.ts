import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { signedIn } from '../../app/session-slice';
import { saveToken, takeRedirect } from '../../lib/session';
import { storage, StorageKeys } from '../../lib/storage-keys';
import type { SignInResult } from './auth-api';

/**
 * Stores the token, marks the session signed in and goes on: to /create-profile for a member
 * without a name yet, otherwise back where they came from (redirectUrl) or home.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (result: SignInResult) => {
      saveToken(result.token);
      storage.remove(StorageKeys.pendingEmail);
      dispatch(api.util.resetApiState());
      dispatch(signedIn({ userId: result.user.userId }));
      if (!result.user.firstName) {
        storage.set(StorageKeys.signupStep, 'profile');
        navigate('/create-profile', { replace: true });
        return;
      }
      storage.remove(StorageKeys.signupStep);
      navigate(takeRedirect('/'), { replace: true });
    },
    [dispatch, navigate],
  );
}
