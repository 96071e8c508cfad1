import { startTransition, useEffect, useState } from 'react';
import { dismissFirstView } from '../components/firstView/dismiss';

/**
 * Whether the page's first screen has shown what it opened for. A page load on the board draws the board's first
 * rows before the shell's menu, the top bar's buttons and the alerts bell (about a fifth of the main thread's work
 * before the first rows on a large board, and the alerts' and profile's calls): the shell's own parts follow at once
 * after. Any other screen draws them at once; a board with no rows to draw (an error, an empty location) says so at
 * once, and one whose rows are late lets them draw by SHELL_AT_MOST_MS.
 */
const SHELL_AT_MOST_MS = 3000;

let shown = true;
const listeners = new Set<() => void>();

/**
 * Called once by the page load (src/main.tsx) with the address it opened: only a page load on a board waits for its
 * rows. The shell's code is evaluated later, maybe after a redirect (/login to /schedule), so it cannot tell.
 */
export function noteFirstScreen(pathname: string): void {
  shown = !/^\/schedule(restaurant)?$/.test(pathname);
}

/** The board's first rows are in the page (ShiftCalendar.tsx), or it has none to draw (ScheduleBoard.tsx). */
export function markFirstScreenShown(): void {
  // The board's first view (drawn before the app, see components/firstView/) gives way to the real rows.
  dismissFirstView();
  if (shown) return;
  shown = true;
  for (const listener of [...listeners]) listener();
}

/**
 * True once the first screen has shown its rows (or was not one that waits for them): the shell's parts may draw.
 * They draw as a transition, in slices between which the page is given back, so the board's next steps and input
 * are not held up by one long task.
 */
export function useFirstScreenShown(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    const show = () => startTransition(() => setReady(true));
    if (shown) return show();
    listeners.add(show);
    const timer = setTimeout(show, SHELL_AT_MOST_MS);
    return () => {
      listeners.delete(show);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}
