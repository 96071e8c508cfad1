import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The whole app renders in these tests (router, react-admin, MUI, each screen's chunk loaded on first use): give
// async queries room on a busy machine, where a file's first render alone can take several seconds and a search
// waits for typing to pause, then for its answer to render. One limit for every file: none sets a shorter one.
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks what MUI and the shell call: media queries (useMediaQuery) and window.scrollTo (scroll reset).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
