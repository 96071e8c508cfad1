import { useCallback, useMemo } from 'react';
import { useCreate, useUpdate, type Identifier, type RaRecord } from 'react-admin';

/** What a save may add to the call: query parameters the spec's path wants (a driver's `inactive=false`). */
export interface SaveMeta {
  query?: Record<string, string | number | boolean>;
  /** The method of a spec path that is not the convention's (a restaurant's edit is a multipart POST, `_method=PATCH`). */
  method?: 'POST';
}

/**
 * A form dialog's save through the data provider (react-admin's create and update mutations, so the cached lists
 * and records are updated): waits for the server and rejects with its error, which the dialog shows under the
 * fields. The body may be a plain object (JSON) or FormData (multipart, for photos and logos).
 */
export function useResourceSave<T extends RaRecord = RaRecord>(resource: string) {
  const [create] = useCreate<T>();
  const [update] = useUpdate<T>();
  const add = useCallback(
    (data: Partial<T> | FormData, meta?: SaveMeta) =>
      create(resource, { data: data as Partial<T>, meta }, { returnPromise: true }) as Promise<T>,
    [create, resource],
  );
  const change = useCallback(
    (id: Identifier, data: Partial<T> | FormData, previousData?: T, meta?: SaveMeta) =>
      update(resource, { id, data: data as Partial<T>, previousData, meta }, { mutationMode: 'pessimistic', returnPromise: true }) as Promise<T>,
    [update, resource],
  );
  return useMemo(() => ({ create: add, update: change }), [add, change]);
}
