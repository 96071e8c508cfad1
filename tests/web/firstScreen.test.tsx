import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** Each case loads the module afresh: it keeps what the page load opened on. */
async function freshFirstScreen() {
  vi.resetModules();
  return import('../../src/layout/firstScreen');
}

describe("the shell's parts on a page load", () => {
  it('wait for the board\'s first rows when the page loads on the board, then draw', async () => {
    const { noteFirstScreen, useFirstScreenShown, markFirstScreenShown } = await freshFirstScreen();
    noteFirstScreen('/schedule');
    const { result } = renderHook(() => useFirstScreenShown());
    expect(result.current).toBe(false);
    await act(async () => markFirstScreenShown());
    expect(result.current).toBe(true);
  });

  it('draw at once on any other page load, a login that goes on to the board included', async () => {
    const { noteFirstScreen, useFirstScreenShown } = await freshFirstScreen();
    noteFirstScreen('/login');
    window.history.replaceState({}, '', '/schedule');
    const { result } = renderHook(() => useFirstScreenShown());
    expect(result.current).toBe(true);
  });

  it('draw after at most 3 seconds when the board never shows its rows', async () => {
    vi.useFakeTimers();
    try {
      const { noteFirstScreen, useFirstScreenShown } = await freshFirstScreen();
      noteFirstScreen('/schedulerestaurant');
      const { result } = renderHook(() => useFirstScreenShown());
      expect(result.current).toBe(false);
      await act(async () => vi.advanceTimersByTime(3000));
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
