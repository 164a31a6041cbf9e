import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC §9: toasts last 4 seconds, at most 3 visible. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
}

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] as Toast[] },
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
        // The oldest toast makes room for the newest one.
        while (state.items.length > TOAST_LIMIT) state.items.shift();
      },
      prepare(message: string, kind: ToastKind = 'info') {
        return { payload: { id: nanoid(), kind, message } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
