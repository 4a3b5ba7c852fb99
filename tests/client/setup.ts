import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { storeToken } from '../../client/src/lib/auth-token';
import { connection } from '../../client/src/lib/connection';

/*
 * jsdom has no showModal()/close(): the app's dialogs are native <dialog>s opened with showModal().
 * This stands in for the browser: opening sets the open attribute, closing removes it and fires
 * 'close' as browsers do. Inertness of the page and the top layer are the browser's: the browser
 * tests check those.
 */
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
}

/*
 * findBy and waitFor wait up to 5 s, not Testing Library's 1 s: what they wait for is a render or
 * a mocked answer, never a timer of the app, and with two workers on two cores a render can take
 * longer than 1 s. A wait that must not succeed is written as its own check, not a timeout.
 */
configure({ asyncUtilTimeout: 5_000 });

/*
 * The client files share one module cache (isolate: false in vitest.config.ts). Each file starts as
 * a fresh page would: no session ended (auth-token.ts keeps why the last one ended), nothing stored.
 */
beforeAll(() => {
  storeToken('', { silent: true });
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  // A test that faked the clock and failed before restoring it must not leave it faked for the next file.
  vi.useRealTimers();
  localStorage.clear();
  // Drafts (docs/connection.md) and the connection monitor's state are per test too.
  sessionStorage.clear();
  connection.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
