import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  userId: string | undefined;
  /** Why the member is signed out (SPEC §4 messages), for diagnostics. */
  reason: string | undefined;
  /** Set when the session check itself answered 401: the member is sent to / (SPEC §4). */
  sendHome: boolean;
}

const initialState: SessionState = {
  status: 'checking',
  userId: undefined,
  reason: undefined,
  sendHome: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ userId: string }>) {
      state.status = 'signedIn';
      state.userId = action.payload.userId;
      state.reason = undefined;
    },
    signedOut(state, action: PayloadAction<string | undefined>) {
      state.status = 'signedOut';
      state.userId = undefined;
      state.reason = action.payload;
    },
    sessionLost(state, action: PayloadAction<{ reason: string; duringCheck: boolean }>) {
      state.status = 'signedOut';
      state.userId = undefined;
      state.reason = action.payload.reason;
      state.sendHome = action.payload.duringCheck;
    },
    sentHome(state) {
      state.sendHome = false;
    },
  },
});

export const { signedIn, signedOut, sessionLost, sentHome } = sessionSlice.actions;
