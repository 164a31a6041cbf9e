import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { toastsSlice } from '../components/toasts/toasts-slice';
import { searchSlice } from '../features/search/search-slice';
import { api } from './api';
import { sessionLost, sessionSlice } from './session-slice';
import { setSessionLostHandler } from './http';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  toasts: toastsSlice.reducer,
  search: searchSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState: preloadedState as RootState } : {}),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  setSessionLostHandler((reason, url) => {
    // The profile call is the session check of SPEC §4.
    store.dispatch(sessionLost({ reason, duringCheck: url === '/profile' }));
    store.dispatch(api.util.resetApiState());
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
