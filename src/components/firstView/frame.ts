import { asArray, type RawAnswer } from '../../../providers/fetchAnswer';
import { dismissFirstView, FIRST_VIEW_CLASS } from './dismiss';
import frameStyles from './firstView.css?inline';

/**
 * A screen's first view: a page load waits some 0.6–0.9 s for the app's code (react-admin, MUI, the screen's) to
 * arrive and run before the screen draws a row, while its data is in long before. A first view, loaded by
 * index.html before the app (src/firstView.ts) and needing none of it, starts the screen's first calls itself (the
 * screen's identical calls take their answers: providers/earlyCalls.ts) and draws the rows that will be in view where
 * the screen will draw them, as static HTML. It takes no clicks and is hidden from assistive technology (the page is
 * marked busy meanwhile), and goes the moment the screen's own rows are drawn, after FIRST_VIEW_AT_MOST_MS, on any
 * error, or as soon as the user acts (dismiss.ts).
 */
const FIRST_VIEW_AT_MOST_MS = 5000;

/** The shell's frame around a screen (src/layout/AppLayout.tsx, theme.ts): top bar, content padding, drawer. */
export const SHELL = { bar: 48, padding: 16, drawer: { open: 220, closed: 56 } } as const;

/** Where the screen's content starts from the left: past react-admin's drawer (its stored choice; open by default). */
export function contentLeft(storage: Storage): number {
  let open = true;
  try {
    open = storage.getItem('RaStore.sidebar.open') !== 'false';
  } catch {
    // Storage refused: the drawer's default.
  }
  return (open ? SHELL.drawer.open : SHELL.drawer.closed) + SHELL.padding;
}

/** The first view goes as soon as the user acts: the screen beneath is the one to act on. */
export function dismissOnAction(win: Window): void {
  const dismiss = () => dismissFirstView(win.document);
  for (const type of ['pointerdown', 'keydown', 'wheel']) win.addEventListener(type, dismiss, { once: true, capture: true });
}

/** Where a first view's layer is, in px from the window's left and top (the top bar's foot and no height, else). */
interface Place {
  left: number;
  top?: number;
  height?: number;
}

/**
 * Shows a first view: `html` in a layer of the screen's `className` at `place`, with its `styles` (a style element,
 * which the policy allows, not a file the page must wait for). It goes by itself after a few seconds.
 */
export function showFirstView(win: Window, view: { className: string; place: Place; html: string; styles: string }): void {
  const doc = win.document;
  const layer = doc.createElement('div');
  layer.className = `${FIRST_VIEW_CLASS} ${view.className}`;
  layer.setAttribute('aria-hidden', 'true');
  for (const side of ['left', 'top', 'height'] as const) {
    const px = view.place[side];
    if (px !== undefined) layer.style[side] = `${px}px`;
  }
  layer.innerHTML = `<div class="first-view-bar"></div>${view.html}`;
  const style = doc.createElement('style');
  style.className = `${FIRST_VIEW_CLASS}-style`;
  style.textContent = frameStyles + view.styles;
  doc.head.appendChild(style);
  doc.body.appendChild(layer);
  doc.getElementById('root')?.setAttribute('aria-busy', 'true');
  win.setTimeout(() => dismissFirstView(doc), FIRST_VIEW_AT_MOST_MS);
}

/** A successful answer's body; any other status is an error (the first view then goes). */
export function bodyOf(raw: RawAnswer): unknown {
  if (raw.status < 200 || raw.status >= 300) throw new Error(`answered ${raw.status}`);
  return raw.body;
}

/** A list answer's records; any other status is an error. */
export const listOf = <T>(raw: RawAnswer): T[] => asArray<T>(bodyOf(raw));
