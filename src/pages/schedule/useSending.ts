import { useState } from 'react';
import { errorText } from './api';

/**
 * The state of a board dialog that sends one call at a time (Cancel Shift, Find cover, Copy Shifts): `busy` while it
 * is out, and its failure in words. `send` runs the call; a failure `handled` takes (a question the dialog asks
 * instead) leaves the dialog as it is, any other is shown (`fallback` when it has no words) with the action usable again.
 */
export function useSending() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (call: () => Promise<void>, fallback: string, handled?: (error: unknown) => boolean) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      if (handled?.(e)) return;
      setError(errorText(e, fallback));
      setBusy(false);
    }
  };
  return { busy, setBusy, error, setError, send };
}
