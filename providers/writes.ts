/** A write the server acknowledged, with the id of the action it recorded (what Undo takes back). */
export interface Write {
  id: string;
  method: string;
  /** The path called, without the query string. */
  path: string;
}

type Listener = (write: Write) => void;
const listeners = new Set<Listener>();

/** Tells the listeners (the Undo snackbar) of a write; called by httpClient only. */
export function noteWrite(write: Write): void {
  const path = write.path.split('?')[0];
  for (const listener of listeners) listener({ ...write, path });
}

export function onWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
