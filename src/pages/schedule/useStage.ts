import { useEffect, useState } from 'react';

/**
 * Counts from 0 up to `last`, one step a task after each render: the parts of a heavy screen mount in tasks of
 * their own (each with its styles and layout), so no single task holds the page for long while it opens.
 */
export function useStage(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    const timer = setTimeout(() => setStage((s) => s + 1), 0);
    return () => clearTimeout(timer);
  }, [stage, last]);
  return stage;
}
