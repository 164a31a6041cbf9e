import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// Every page is a lazy chunk compiled on its first use in a test file; on a busy machine that
// alone can pass the default one second (the admin pages' first test did), so every wait gets a
// generous deadline. A wait still ends as soon as the page shows.
configure({ asyncUtilTimeout: 10_000 });

Object.assign(globalThis, { TextEncoder, TextDecoder });
window.scrollTo = () => undefined;

// jsdom has no fetch Request; the data router only needs its url, method and signal.
if (typeof globalThis.Request === 'undefined') {
  class RequestStub {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: RequestStub });
}

beforeEach(() => {
  window.localStorage.clear();
  document.title = '';
});

// Failures the app only logs (lib/log.ts, "[swapbooth] …") are expected in tests that answer with
// errors on purpose; they are kept out of the output unless SHOW_APP_LOGS=1. Every other
// console.error (React's warnings among them) still prints.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const ownLog = typeof args[0] === 'string' && args[0].startsWith('[swapbooth] ');
  if (ownLog && process.env.SHOW_APP_LOGS !== '1') return;
  consoleError(...args);
};
