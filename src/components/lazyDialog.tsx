import { Suspense, lazy, type ComponentProps, type ComponentType, type JSX } from 'react';

/** A dialog whose code is fetched on first use, and `preload()` to fetch it ahead (on hover or focus). */
export type LazyDialog<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A dialog loaded when first opened: `const ShiftDialog = lazyDialog(() => import('./ShiftDialog'), 'ShiftDialog')`,
 * then `<ShiftDialog ...props />` where it was used before. The screen's first paint does not carry the dialog's form,
 * schemas and pickers; call `ShiftDialog.preload()` when the user points at or focuses what opens it, so the code is
 * there by the time they click. Nothing is drawn while the code arrives (a few milliseconds once preloaded): the
 * dialog then opens as it always did, with focus moving into it.
 */
export function lazyDialog<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyDialog<ComponentProps<M[K] extends ComponentType<infer P> ? ComponentType<P> : never>> {
  type P = ComponentProps<M[K] extends ComponentType<infer Q> ? ComponentType<Q> : never>;
  let pending: Promise<M> | null = null;
  const preload = () => (pending ??= load().catch((error: unknown) => {
    pending = null; // a failed fetch (offline for a moment) is tried again on the next open
    throw error;
  }));
  const Inner = lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }));
  function Dialog(props: P): JSX.Element {
    return (
      <Suspense fallback={null}>
        <Inner {...(props as JSX.IntrinsicAttributes & P)} />
      </Suspense>
    );
  }
  Dialog.displayName = `LazyDialog(${name})`;
  return Object.assign(Dialog, { preload });
}

/** Preloads several lazy dialogs at once, for a surface that opens any of them (ignoring a failed fetch: opening retries). */
export function preloadAll(dialogs: readonly { preload: () => Promise<unknown> }[]): () => void {
  return () => {
    for (const d of dialogs) d.preload().catch(() => undefined);
  };
}
