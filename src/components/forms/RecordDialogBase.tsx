import { useCallback, useRef, type ReactNode } from 'react';
import { CreateBase, EditBase, useEditContext, useSaveContext, type Identifier, type RaRecord } from 'react-admin';
import { WaitingDialog } from './WaitingDialog';

/** What a save may add to the call: query parameters the spec's path wants (a driver's `inactive=false`). */
interface SaveMeta {
  query?: Record<string, string | number | boolean>;
  /** The method of a spec path that is not the convention's (a restaurant's edit is a multipart POST, `_method=PATCH`). */
  method?: 'POST';
}

/**
 * A dialog's save through react-admin's save context (its EditBase's update, its CreateBase's create, so the cached
 * lists and records follow): waits for the server and rejects with its error, which the dialog shows under the
 * fields. The body may be a plain object (JSON) or FormData (multipart, for photos and logos).
 */
export type DialogSave<T extends RaRecord> = (data: Partial<T> | FormData, meta?: SaveMeta) => Promise<T>;

function useDialogSave<T extends RaRecord>(): DialogSave<T> {
  const { save } = useSaveContext();
  return useCallback(
    (data, meta) =>
      new Promise<T>((resolve, reject) => {
        void save!(data as Partial<T>, { meta, onSuccess: (saved: T) => resolve(saved), onError: (error: unknown) => reject(error) });
      }),
    [save],
  );
}

const noop = () => {};

interface Props<T extends RaRecord> {
  /** The react-admin resource, as its list names it (so the record the list shows opens at once, from its cache). */
  resource: string;
  /** The record to edit; none to create one. */
  id?: Identifier;
  onClose: () => void;
  /**
   * What the record is called ('restaurant'): the dialog says 'Loading the restaurant' while it is read, and 'The
   * restaurant could not be loaded' when it cannot be.
   */
  noun: string;
  /** The failure said when the record is not there (any more, or not for this account). */
  notFound: string;
  /**
   * The dialog, given its save and, when editing, the record and how to read it anew (the Reload of a save refused
   * because the record changed meanwhile: FormDialogProps.reload).
   */
  children: (save: DialogSave<T>, record?: T, reload?: () => Promise<T>) => ReactNode;
}

/**
 * A record dialog's react-admin controller. Editing, `<EditBase>` reads the record through the data provider's
 * getOne and updates it pessimistically, staying where it is; while the record is being read the dialog's frame
 * says so, and a record that cannot be read at all is said with a Close.
 * Creating, `<CreateBase>` gives the save.
 */
export function RecordDialogBase<T extends RaRecord>({ resource, id, children, ...frame }: Props<T>) {
  if (id === undefined) return <CreateDialogBase<T> resource={resource}>{children}</CreateDialogBase>;
  return (
    // A failed read is answered here, not by react-admin's default (a notification and a redirection to the list).
    <EditBase resource={resource} id={id} redirect={false} mutationMode="pessimistic" queryOptions={{ onError: noop }}>
      <WhenRead<T> {...frame}>{children}</WhenRead>
    </EditBase>
  );
}

/** A create dialog's save, from react-admin's `<CreateBase>`, staying where it is after the save. */
export function CreateDialogBase<T extends RaRecord>({ resource, children }: Pick<Props<T>, 'resource' | 'children'>) {
  return (
    <CreateBase resource={resource} redirect={false}>
      <Creating<T>>{children}</Creating>
    </CreateBase>
  );
}

function Creating<T extends RaRecord>({ children }: Pick<Props<T>, 'children'>) {
  return children(useDialogSave<T>());
}

function WhenRead<T extends RaRecord>({ onClose, noun, notFound, children }: Omit<Props<T>, 'resource' | 'id'>) {
  const { record, error, isFetching, refetch } = useEditContext<T>();
  const save = useDialogSave<T>();
  const reload = useCallback(async () => {
    const read = await refetch();
    if (read.error || !read.data) throw read.error ?? new Error(notFound);
    return read.data;
  }, [refetch, notFound]);
  // The form reads its values once: it waits for the record as the server has it now (a list's copy may be older
  // than the last save), then stays drawn while the record is read again after a save. A failed read keeps the copy.
  const drawn = useRef(false);
  if (record && (drawn.current || !isFetching)) {
    drawn.current = true;
    return children(save, record, reload);
  }
  const failed = error ? ((error as { status?: number }).status === 404 ? notFound : `The ${noun} could not be loaded`) : null;
  return <WaitingDialog label={`Loading the ${noun}`} failure={failed} onClose={onClose} />;
}
