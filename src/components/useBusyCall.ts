import { useState } from 'react';

/**
 * A call a control waits on (a dialog's Remove or Confirm, a notice's Reload): `busy` while it runs, and the words
 * of its failure, cleared when it is tried again. Busy ends with a failure, and with a success unless the call
 * closes what it was started from (`staysBusy`: nothing is clicked twice while it goes).
 */
export function useBusyCall(describe: (error: unknown) => string, staysBusy = false) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown> | void) => {
    setBusy(true);
    setFailure(null);
    try {
      await call();
      if (!staysBusy) setBusy(false);
    } catch (error) {
      setFailure(describe(error));
      setBusy(false);
    }
  };
  return { busy, failure, run };
}
