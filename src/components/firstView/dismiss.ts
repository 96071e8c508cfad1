/**
 * A screen's first view goes: once the screen itself has drawn its first rows, after a few seconds, on an error, or
 * as soon as the user acts. Kept apart and tiny: the app imports it without any first view's drawing.
 */
export const FIRST_VIEW_CLASS = 'first-view';

let gone = false;

/** Whether a first view may still be drawn (it is never drawn again once it has gone, or was never wanted). */
export function firstViewGone(): boolean {
  return gone;
}

/** Removes the first view, if any, and the page's busy mark; from then on, none is drawn. */
export function dismissFirstView(doc: Document = document): void {
  gone = true;
  doc.querySelectorAll(`.${FIRST_VIEW_CLASS}, .${FIRST_VIEW_CLASS}-style`).forEach((el) => el.remove());
  doc.getElementById('root')?.removeAttribute('aria-busy');
}

/** Tests start each case afresh. */
export function resetFirstView(): void {
  gone = false;
}
