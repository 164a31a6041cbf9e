import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
// The global styles come first: the pages' own styles (the home and search pages' come with the
// app) follow them and win ties.
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import { prefetchFirstScreen } from './app/first-screen';
import { routes } from './app/router';
import { makeStore } from './app/store';

const store = makeStore();
const router = createBrowserRouter(routes);
prefetchFirstScreen(store, new URL(window.location.href));

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is built (a phone stays responsive meanwhile).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
});
