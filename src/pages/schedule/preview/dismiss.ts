/**
 * The board's first view goes: once the real board has drawn its first rows (src/layout/firstScreen.ts), after a few
 * seconds, on an error, or as soon as the user acts. Kept apart and tiny: the app's shell imports it without the
 * first view's drawing.
 */
export const PREVIEW_CLASS = 'board-preview';

let gone = false;

/** Whether the first view may still be drawn (it is never drawn again once it has gone, or was never wanted). */
export function previewGone(): boolean {
  return gone;
}

/** Removes the first view, if any, and the page's busy mark; from then on, it is not drawn. */
export function dismissBoardPreview(doc: Document = document): void {
  gone = true;
  doc.querySelectorAll(`.${PREVIEW_CLASS}, .${PREVIEW_CLASS}-style`).forEach((el) => el.remove());
  doc.getElementById('root')?.removeAttribute('aria-busy');
}

/** Tests start each case afresh. */
export function resetBoardPreview(): void {
  gone = false;
}
