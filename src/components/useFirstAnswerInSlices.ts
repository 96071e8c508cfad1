import { startTransition, useCallback, useRef } from 'react';

/**
 * How a screen applies the answers of its range: the first (the screen's first render with its data: tables, totals
 * and panels mounted over thousands of records) as a transition, which React renders in slices so the page never
 * stalls while the first view shows the rows; each later one (a new range the user pressed for and is waiting on) by
 * `later`, at once unless told otherwise.
 */
export function useFirstAnswerInSlices(): (apply: () => void, later?: (apply: () => void) => void) => void {
  const answered = useRef(false);
  return useCallback((apply, later = (run) => run()) => {
    if (answered.current) later(apply);
    else startTransition(apply);
    answered.current = true;
  }, []);
}
