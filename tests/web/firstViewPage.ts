import { afterEach, beforeEach, vi } from 'vitest';
import type { StoredUser } from '../../providers/session';
import { FIRST_VIEW_CLASS, resetFirstView } from '../../src/components/firstView/dismiss';
import { mockApi, storeUser, type ApiHandler } from './harness';

/** The window's size, as a first view reads it. */
export function setWindowSize(width: number, height = 800): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
}

/**
 * Each case of a first view's tests starts on a fresh page load: a window `width` px wide, the app's empty root,
 * nothing stored, no first view drawn or gone yet; `start` runs the first view at `path`.
 */
export function firstViewPageLoads(width: number, start: () => Promise<void>): { openAt: (path: string) => Promise<void> } {
  beforeEach(() => {
    setWindowSize(width);
    resetFirstView();
    document.body.innerHTML = '<div id="root"></div>';
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState({}, '', '/');
  });
  return {
    async openAt(path: string) {
      window.history.replaceState({}, '', path);
      await start();
    },
  };
}

/**
 * A page load through `openAt` by each of `users` in turn (null: nobody logged in), the server answering with
 * `handler`: for each, how many calls went out and whether any first view was drawn.
 */
export async function pageLoadsBy(users: (StoredUser | null)[], handler: ApiHandler, openAt: () => Promise<void>): Promise<{ calls: number; drawn: boolean }[]> {
  const seen = [];
  for (const user of users) {
    resetFirstView();
    window.localStorage.clear();
    if (user) storeUser(user);
    const calls = mockApi(handler);
    await openAt();
    seen.push({ calls: calls.length, drawn: document.querySelector(`.${FIRST_VIEW_CLASS}`) !== null });
  }
  return seen;
}
